import {
  LOCALE_REGIONS,
  RISK_REASONS,
  type Locale,
  type RiskReason,
} from '../../domain/constants.ts';
import type { StudentAtRisk } from '../../domain/schemas/at-risk.ts';
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
  for (const { student_id, first_name, last_name, ...reason } of rows) {
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
