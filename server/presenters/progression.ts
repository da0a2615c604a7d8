import { LOCALE_REGIONS, type Locale } from '../../domain/constants.ts';
import { latestFlag } from '../../domain/progression.ts';
import type { ProgressionMap } from '../../domain/schemas/progression.ts';
import type { readProgressionCriteria, readProgressionRows } from '../queries/progression.ts';

type Rows = Awaited<ReturnType<typeof readProgressionRows>>;

/** Students (by name in the reader's order) × criteria, each cell the furthest stage reached. */
export function presentProgressionMap(
  module: ProgressionMap['module'],
  criteria: Awaited<ReturnType<typeof readProgressionCriteria>>,
  groups: ProgressionMap['groups'],
  rows: Rows,
  locale: Locale,
): ProgressionMap {
  const reached = new Map<string, string[]>();
  for (const row of rows.flags)
    reached.set(`${row.assessment_id}:${row.criterion_id}`, row.progression);
  const names = new Intl.Collator(LOCALE_REGIONS[locale], { sensitivity: 'base' });
  const students = [...rows.students]
    .sort(
      (a, b) =>
        names.compare(a.last_name, b.last_name) ||
        names.compare(a.first_name, b.first_name) ||
        a.student_id - b.student_id,
    )
    .map((s) => ({
      id: s.student_id,
      first_name: s.first_name,
      last_name: s.last_name,
      assessment_id: s.assessment_id,
      group_id: s.group_id,
      cells: criteria.map((c) => latestFlag(reached.get(`${s.assessment_id}:${c.id}`) ?? [])),
    }));
  return { module, criteria, groups, students };
}
