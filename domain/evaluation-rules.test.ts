import { describe, expect, it } from 'vitest';
import { validateCriterionEvaluation, type CriterionEvaluationValues } from './evaluation-rules.ts';
import { criterionDef } from './grading-fixtures.ts';
import type { CriterionPresetKey } from './criterion-presets.ts';

type Row = [CriterionPresetKey, CriterionEvaluationValues, Record<string, unknown>];

const accepted: Row[] = [
  ['EVALUATION', { evaluation: 'GOOD', trend: 'UP' }, {}],
  ['EVALUATION', { evaluation: null, grade: null, letter: null, text: null, trend: null }, {}],
  ['OBSERVED_WITH_EVALUATION', { evaluation: 'SUFFICIENT', progression: ['OBSERVED'] }, {}],
  ['TAUGHT_AND_PRACTICED', { progression: ['TAUGHT', 'PRACTICED'] }, {}],
  ['GRADE', { grade: '1' }, {}],
  ['GRADE', { grade: '4.5' }, {}],
  ['GRADE', { grade: '6.0' }, {}],
  ['LETTER', { letter: 'A' }, {}],
  ['LETTER', { letter: 'F' }, {}],
  ['TEXT_ONLY', { text: 'Travail soigné' }, {}],
  ['PROGRESSION_WITH_TEXT', { text: 'ok', progression: ['AUTONOMOUSLY_EXECUTED'] }, {}],
  ['GRADE_WITH_PROGRESSION', { grade: '5.5', progression: ['SUPERVISED', 'INSTRUCTED'] }, {}],
  ['TEXT_ONLY', { progression: [] }, {}],
  ['EVALUATION', { text: '' }, {}],
];

const refused: Row[] = [
  ['TEXT_ONLY', { evaluation: 'GOOD' }, { evaluation: [{ key: 'evaluationNotAllowed' }] }],
  ['EVALUATION', { evaluation: 'EXCELLENT' }, { evaluation: [{ key: 'invalidChoice' }] }],
  ['EVALUATION', { grade: '5' }, { grade: [{ key: 'gradeNotAllowed' }] }],
  ['GRADE', { grade: '0.5' }, { grade: [{ key: 'minValue', params: ['1'] }] }],
  ['GRADE', { grade: '6.5' }, { grade: [{ key: 'maxValue', params: ['6'] }] }],
  ['GRADE', { grade: '4.25' }, { grade: [{ key: 'gradeStep', params: ['0.5'] }] }],
  ['GRADE', { grade: '4,5' }, { grade: [{ key: 'number' }] }],
  ['GRADE', { letter: 'A' }, { letter: [{ key: 'letterNotAllowed' }] }],
  ['LETTER', { letter: 'G' }, { letter: [{ key: 'invalidChoice' }] }],
  ['TEXT_ONLY', { text: 'x', trend: 'SIDEWAYS' }, { trend: [{ key: 'invalidChoice' }] }],
  ['EVALUATION', { text: 'Bien' }, { text: [{ key: 'textNotAllowed' }] }],
  [
    'EVALUATION',
    { progression: ['OBSERVED'] },
    { progression: [{ key: 'progressionNotAllowed' }] },
  ],
  [
    'TAUGHT_AND_PRACTICED',
    { progression: ['TAUGHT', 'OBSERVED', 'FLYING'] },
    {
      progression: [
        { key: 'progressionFlagNotAllowed', params: ['OBSERVED'] },
        { key: 'invalidChoice' },
      ],
    },
  ],
  [
    'TEXT_ONLY',
    { evaluation: 'GOOD', grade: '4', text: 'ok' },
    { evaluation: [{ key: 'evaluationNotAllowed' }], grade: [{ key: 'gradeNotAllowed' }] },
  ],
];

describe('validateCriterionEvaluation', () => {
  it.each([...accepted, ...refused])('%s %j → %j', (preset, values, expected) => {
    expect(validateCriterionEvaluation(criterionDef(1, preset), values)).toEqual(expected);
  });

  it('checks grades against a custom scale, on the step counted from min', () => {
    const criterion = criterionDef(1, 'GRADE', {
      grade: { min: '1.1', max: '2', step: '0.3', weight: '1' },
    });
    expect(validateCriterionEvaluation(criterion, { grade: '1.7' })).toEqual({});
    expect(validateCriterionEvaluation(criterion, { grade: '1.5' })).toEqual({
      grade: [{ key: 'gradeStep', params: ['0.3'] }],
    });
  });

  it('names the bounds canonically when the scale comes from the database', () => {
    const criterion = criterionDef(1, 'GRADE', {
      grade: { min: '1.000', max: '6.000', step: '0.500', weight: '1.000' },
    });
    expect(validateCriterionEvaluation(criterion, { grade: '6.500' })).toEqual({
      grade: [{ key: 'maxValue', params: ['6'] }],
    });
    expect(validateCriterionEvaluation(criterion, { grade: '5.5' })).toEqual({});
  });

  it('checks letters against a narrowed range', () => {
    const criterion = criterionDef(1, 'LETTER', { letter_evaluation: { min: 'B', max: 'D' } });
    expect(validateCriterionEvaluation(criterion, { letter: 'C' })).toEqual({});
    expect(validateCriterionEvaluation(criterion, { letter: 'A' })).toEqual({
      letter: [{ key: 'letterRange', params: ['B', 'D'] }],
    });
  });
});
