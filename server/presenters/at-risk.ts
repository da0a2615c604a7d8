import {
  LOCALE_REGIONS,
  RISK_REASONS,
  type Locale,
  type RiskReason,
} from '../../domain/constants.ts';
import type { AtRiskGroup, StudentAtRisk } from '../../domain/schemas/at-risk.ts';
import type { RiskRow } from '../queries/at-risk.ts';

/** What one reason weighs in a student's severity: an insufficient grade the most. */
const WEIGHT: Record<RiskReason, number> = {
  INSUFFICIENT_GRADE: 3,
  FALLING_GRADES: 2,
  TRAINING_REPORT_MISSING: 1,
};

const lowestGrade = (student: StudentAtRisk) =>
  Math.min(...student.reasons.map((r) => (r.grade === null ? Infinity : Number(r.grade))));

/**
 * The students at risk, each with their reasons (most severe kind first), the most severe
 * students first: by severity, then by their lowest grade, then by name in the reader's order.
 */
export function presentStudentsAtRisk(rows: RiskRow[], locale: Locale): StudentAtRisk[] {
  const students = new Map<number, StudentAtRisk>();
  for (const row of rows) {
    const { student_id, first_name, last_name, group_id, group_name, ...rest } = row;
    const group = group_id === null ? null : { id: group_id, name: group_name ?? '' };
    const reason = { ...rest, group };
    let student = students.get(student_id);
    if (!student) {
      student = { student: { id: student_id, first_name, last_name }, severity: 0, reasons: [] };
      students.set(student_id, student);
    }
    student.severity += WEIGHT[reason.reason];
    student.reasons.push(reason);
  }
  const names = new Intl.Collator(LOCALE_REGIONS[locale], { sensitivity: 'base' });
  const list = [...students.values()];
  for (const student of list)
    student.reasons.sort(
      (a, b) =>
        RISK_REASONS.indexOf(a.reason) - RISK_REASONS.indexOf(b.reason) ||
        Number(a.grade ?? 0) - Number(b.grade ?? 0) ||
        (a.assessment_id ?? 0) - (b.assessment_id ?? 0),
    );
  return list.sort(
    (a, b) =>
      b.severity - a.severity ||
      lowestGrade(a) - lowestGrade(b) ||
      names.compare(a.student.last_name, b.student.last_name) ||
      names.compare(a.student.first_name, b.student.first_name) ||
      a.student.id - b.student.id,
  );
}

/** The distinct groups the reasons come from, by module and group name. */
export function groupsOfReasons(rows: RiskRow[], locale: Locale): AtRiskGroup[] {
  const groups = new Map<number, AtRiskGroup>();
  for (const row of rows)
    if (row.group_id !== null && !groups.has(row.group_id))
      groups.set(row.group_id, {
        id: row.group_id,
        name: row.group_name ?? '',
        module_name: row.module_name ?? '',
      });
  const names = new Intl.Collator(LOCALE_REGIONS[locale], { sensitivity: 'base', numeric: true });
  return [...groups.values()].sort(
    (a, b) => names.compare(a.module_name, b.module_name) || names.compare(a.name, b.name),
  );
}
