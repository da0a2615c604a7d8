import { ASSESSMENT_STATUSES } from '../../../../domain/constants.ts';
import { fold } from '../../shared/fold.ts';
import type { AssessmentItemJson } from './api.ts';

type Item = AssessmentItemJson;

export const studentName = (a: Item) => `${a.student.last_name} ${a.student.first_name}`;

const SORTS: Record<string, (a: Item, b: Item) => number> = {
  student: (a, b) => studentName(a).localeCompare(studentName(b)),
  group: (a, b) => (a.group?.name ?? '').localeCompare(b.group?.name ?? ''),
  status: (a, b) => ASSESSMENT_STATUSES.indexOf(a.status) - ASSESSMENT_STATUSES.indexOf(b.status),
  // ungraded last going up; grades are decimal strings, compared here only to order them
  grade: (a, b) => Number(a.grade ?? Infinity) - Number(b.grade ?? Infinity),
};

/**
 * The rows of a module's student list as the address asks: search on the name (accents and
 * case ignored), group and status filters, ordering by a column (`-` for descending), ties by
 * name.
 */
export function studentRows(
  items: readonly Item[],
  query: { search: string; group: string; status: string; ordering: string },
): Item[] {
  const needle = fold(query.search.trim());
  const compare = SORTS[query.ordering.replace(/^-/, '')] ?? SORTS.student!;
  const direction = query.ordering.startsWith('-') ? -1 : 1;
  return items
    .filter((a) => !needle || fold(studentName(a)).includes(needle))
    .filter((a) => !query.group || String(a.group?.id) === query.group)
    .filter((a) => !query.status || a.status === query.status)
    .sort((a, b) => direction * compare(a, b) || SORTS.student!(a, b));
}
