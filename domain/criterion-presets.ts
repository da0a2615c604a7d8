import {
  GRADE_PRESET,
  LETTER_PRESET,
  PROGRESSION_FLAGS,
  type ProgressionFlag,
} from './constants.ts';

/** The fields a criterion type preset sets (spec section 3, "Criterion type presets"). */
export interface CriterionPresetFields {
  has_evaluation: boolean;
  has_text_input: boolean;
  has_progression: boolean;
  flags: ProgressionFlag[];
  grade: { min: string; max: string; step: string; weight: string } | null;
  letter_evaluation: { min: string; max: string } | null;
}

export const CRITERION_PRESET_KEYS = [
  'TEXT_ONLY',
  'EVALUATION',
  'OBSERVED_WITH_EVALUATION',
  'TAUGHT_AND_PRACTICED',
  'TAUGHT_AND_PRACTICED_WITH_EVALUATION',
  'INSTRUCTED',
  'SUPERVISED_OR_AUTONOMOUSLY_EXECUTED',
  'GRADE',
  'LETTER',
  'PROGRESSION',
  'PROGRESSION_WITH_TEXT',
  'GRADE_WITH_PROGRESSION',
] as const;
export type CriterionPresetKey = (typeof CRITERION_PRESET_KEYS)[number];

/** A criterion's fields without a preset: it asks for nothing. */
export const NO_PRESET: CriterionPresetFields = {
  has_evaluation: false,
  has_text_input: false,
  has_progression: false,
  flags: [],
  grade: null,
  letter_evaluation: null,
};

const progression = (flags: readonly ProgressionFlag[]) => ({
  has_progression: true,
  flags: [...flags],
});

/**
 * Every preset, in the spec's order. The flags follow the preset's name: "observed" offers
 * OBSERVED; "taught and practiced" TAUGHT and PRACTICED; "instructed" INSTRUCTED; "supervised or
 * autonomously executed" SUPERVISED and AUTONOMOUSLY_EXECUTED. The general "progression" presets
 * (plain, with text, with grade) offer all six flags, the whole path from observed to
 * autonomously executed. Only the presets that say "text" take a free text; a grade preset
 * does not also take an evaluation level (the grade is the evaluation).
 */
export const CRITERION_PRESETS: Readonly<Record<CriterionPresetKey, CriterionPresetFields>> = {
  TEXT_ONLY: { ...NO_PRESET, has_text_input: true },
  EVALUATION: { ...NO_PRESET, has_evaluation: true },
  OBSERVED_WITH_EVALUATION: { ...NO_PRESET, has_evaluation: true, ...progression(['OBSERVED']) },
  TAUGHT_AND_PRACTICED: { ...NO_PRESET, ...progression(['TAUGHT', 'PRACTICED']) },
  TAUGHT_AND_PRACTICED_WITH_EVALUATION: {
    ...NO_PRESET,
    has_evaluation: true,
    ...progression(['TAUGHT', 'PRACTICED']),
  },
  INSTRUCTED: { ...NO_PRESET, ...progression(['INSTRUCTED']) },
  SUPERVISED_OR_AUTONOMOUSLY_EXECUTED: {
    ...NO_PRESET,
    ...progression(['SUPERVISED', 'AUTONOMOUSLY_EXECUTED']),
  },
  GRADE: { ...NO_PRESET, grade: { ...GRADE_PRESET } },
  LETTER: { ...NO_PRESET, letter_evaluation: { ...LETTER_PRESET } },
  PROGRESSION: { ...NO_PRESET, ...progression(PROGRESSION_FLAGS) },
  PROGRESSION_WITH_TEXT: { ...NO_PRESET, has_text_input: true, ...progression(PROGRESSION_FLAGS) },
  GRADE_WITH_PROGRESSION: {
    ...NO_PRESET,
    grade: { ...GRADE_PRESET },
    ...progression(PROGRESSION_FLAGS),
  },
};

/** A fresh copy of a preset's fields, safe to edit (e.g. as a form's starting values). */
export function presetFields(key: CriterionPresetKey): CriterionPresetFields {
  const preset = CRITERION_PRESETS[key];
  return {
    ...preset,
    flags: [...preset.flags],
    grade: preset.grade && { ...preset.grade },
    letter_evaluation: preset.letter_evaluation && { ...preset.letter_evaluation },
  };
}

const sameFlags = (a: readonly ProgressionFlag[], b: readonly ProgressionFlag[]) =>
  a.length === b.length && a.every((flag) => b.includes(flag));

function sameFields<T extends object>(a: T | null, b: T | null): boolean {
  if (a === null || b === null) return a === b;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The preset a criterion's fields match, or null when they were customised (another grade
 * scale, another set of flags…). Grade and letter bounds are compared as given.
 */
export function presetOf(fields: CriterionPresetFields): CriterionPresetKey | null {
  const matches = (preset: CriterionPresetFields) =>
    preset.has_evaluation === fields.has_evaluation &&
    preset.has_text_input === fields.has_text_input &&
    preset.has_progression === fields.has_progression &&
    sameFlags(preset.flags, fields.flags) &&
    sameFields(preset.grade, fields.grade) &&
    sameFields(preset.letter_evaluation, fields.letter_evaluation);
  return CRITERION_PRESET_KEYS.find((key) => matches(CRITERION_PRESETS[key])) ?? null;
}
