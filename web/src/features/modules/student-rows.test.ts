import { describe, expect, it } from 'vitest';
import type { AssessmentItemJson } from './api.ts';
import { studentRows } from './student-rows.ts';

const item = (
  id: number,
  last: string,
  first: string,
  extra: Partial<AssessmentItemJson> = {},
): AssessmentItemJson => ({
  id,
  status: 'IN_PROGRESS',
  grade: null,
  group: { id: 1, name: 'A' },
  student: { id: 100 + id, first_name: first, last_name: last },
  ...extra,
});

const items = [
  item(1, 'Müller', 'Léa', { grade: '4.5', status: 'VALIDATED' }),
  item(2, 'Favre', 'Noé', { grade: '5', group: { id: 2, name: 'B' } }),
  item(3, 'Bianchi', 'Ada'),
];
const names = (rows: AssessmentItemJson[]) => rows.map((r) => r.student.last_name);
const all = { search: '', group: '', status: '', ordering: 'student' };

describe('student rows of a module', () => {
  it('orders by name by default and by any column both ways', () => {
    expect(names(studentRows(items, all))).toEqual(['Bianchi', 'Favre', 'Müller']);
    expect(names(studentRows(items, { ...all, ordering: '-student' }))).toEqual([
      'Müller',
      'Favre',
      'Bianchi',
    ]);
    // ungraded last going up
    expect(names(studentRows(items, { ...all, ordering: 'grade' }))).toEqual([
      'Müller',
      'Favre',
      'Bianchi',
    ]);
    expect(names(studentRows(items, { ...all, ordering: 'group' }))).toEqual([
      'Bianchi',
      'Müller',
      'Favre',
    ]);
    expect(names(studentRows(items, { ...all, ordering: '-status' }))).toEqual([
      'Müller',
      'Bianchi',
      'Favre',
    ]);
  });

  it('finds a name without its accents or case, and filters by group and status', () => {
    expect(names(studentRows(items, { ...all, search: 'mul' }))).toEqual(['Müller']);
    expect(names(studentRows(items, { ...all, search: 'LEA' }))).toEqual(['Müller']);
    expect(names(studentRows(items, { ...all, group: '2' }))).toEqual(['Favre']);
    expect(names(studentRows(items, { ...all, status: 'IN_PROGRESS' }))).toEqual([
      'Bianchi',
      'Favre',
    ]);
  });

  it('leaves the given list as it was', () => {
    const copy = [...items];
    studentRows(items, { ...all, ordering: '-student' });
    expect(items).toEqual(copy);
  });
});
