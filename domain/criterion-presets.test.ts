import { describe, expect, it } from 'vitest';
import {
  CRITERION_PRESET_KEYS,
  CRITERION_PRESETS,
  presetFields,
  presetOf,
  type CriterionPresetKey,
} from './criterion-presets.ts';
import { PROGRESSION_FLAGS } from './constants.ts';

const GRADE = { min: '1', max: '6', step: '0.5', weight: '1' };
const LETTER = { min: 'A', max: 'F' };
const ALL = [...PROGRESSION_FLAGS];

// key: has_evaluation, has_text_input, has_progression, flags, grade, letter_evaluation
const table: [
  CriterionPresetKey,
  boolean,
  boolean,
  boolean,
  string[],
  object | null,
  object | null,
][] = [
  ['TEXT_ONLY', false, true, false, [], null, null],
  ['EVALUATION', true, false, false, [], null, null],
  ['OBSERVED_WITH_EVALUATION', true, false, true, ['OBSERVED'], null, null],
  ['TAUGHT_AND_PRACTICED', false, false, true, ['TAUGHT', 'PRACTICED'], null, null],
  ['TAUGHT_AND_PRACTICED_WITH_EVALUATION', true, false, true, ['TAUGHT', 'PRACTICED'], null, null],
  ['INSTRUCTED', false, false, true, ['INSTRUCTED'], null, null],
  [
    'SUPERVISED_OR_AUTONOMOUSLY_EXECUTED',
    false,
    false,
    true,
    ['SUPERVISED', 'AUTONOMOUSLY_EXECUTED'],
    null,
    null,
  ],
  ['GRADE', false, false, false, [], GRADE, null],
  ['LETTER', false, false, false, [], null, LETTER],
  ['PROGRESSION', false, false, true, ALL, null, null],
  ['PROGRESSION_WITH_TEXT', false, true, true, ALL, null, null],
  ['GRADE_WITH_PROGRESSION', false, false, true, ALL, GRADE, null],
];

describe('criterion presets (spec section 3)', () => {
  it('cover the twelve presets of the spec, in its order', () => {
    expect(table.map(([key]) => key)).toEqual([...CRITERION_PRESET_KEYS]);
  });

  it.each(table)(
    '%s',
    (key, has_evaluation, has_text_input, has_progression, flags, grade, letter) => {
      expect(CRITERION_PRESETS[key]).toEqual({
        has_evaluation,
        has_text_input,
        has_progression,
        flags,
        grade,
        letter_evaluation: letter,
      });
      expect(presetOf(presetFields(key))).toBe(key);
    },
  );

  it('hand out copies that do not change the presets', () => {
    const fields = presetFields('GRADE_WITH_PROGRESSION');
    fields.flags.pop();
    fields.grade!.max = '10';
    expect(CRITERION_PRESETS.GRADE_WITH_PROGRESSION.flags).toHaveLength(6);
    expect(CRITERION_PRESETS.GRADE_WITH_PROGRESSION.grade!.max).toBe('6');
  });

  it('recognise customised fields as no preset, whatever the key order', () => {
    const custom = presetFields('GRADE');
    custom.grade = { ...custom.grade!, max: '10' };
    expect(presetOf(custom)).toBeNull();
    const reordered = presetFields('GRADE');
    reordered.grade = { weight: '1', step: '0.5', max: '6', min: '1' };
    reordered.flags = [];
    expect(presetOf(reordered)).toBe('GRADE');
    expect(presetOf({ ...presetFields('PROGRESSION'), flags: [...ALL].reverse() })).toBe(
      'PROGRESSION',
    );
  });
});
