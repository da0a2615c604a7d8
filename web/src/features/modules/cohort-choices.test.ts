import { expect, it } from 'vitest';
import { cohortChoices } from './module-parts.ts';

const cohort = (id: number, unit: number, status = 'ACTIVE') => ({
  id,
  name: `Volée ${id}`,
  unit,
  status,
  students: [1, 2],
});

it("preselects the unit's only active cohort", () => {
  const choices = cohortChoices([cohort(1, 7), cohort(2, 8), cohort(3, 7, 'ARCHIVED')], 7);
  expect(choices).toEqual({ options: [{ value: '1', label: 'Volée 1 (2)' }], only: '1' });
});

it('leaves the choice open when the unit has several active cohorts or none', () => {
  expect(cohortChoices([cohort(1, 7), cohort(2, 7)], 7).only).toBeNull();
  expect(cohortChoices([cohort(2, 8)], 7)).toEqual({ options: [], only: null });
});
