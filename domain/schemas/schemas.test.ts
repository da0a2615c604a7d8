import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decimalString } from './common.ts';
import {
  blockTemplateCreateSchema,
  blockTemplatePatchSchema,
  forceCoefficient,
} from './block-templates.ts';
import {
  criterionTemplateCreateSchema,
  criterionTemplateErrors,
  criterionTemplatePatchSchema,
} from './criterion-templates.ts';
import { criterionEvaluationPatchSchema, blockEvaluationPatchSchema } from './evaluations.ts';
import { moduleTemplateCreateSchema, moduleTemplatePatchSchema } from './module-templates.ts';
import { presetFields } from '../criterion-presets.ts';

/** The issues of a failed parse as path → message (the key the server localises). */
function issuesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    (found[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  }
  return found;
}

describe('decimalString', () => {
  it.each([
    ['4.5', '4.5'],
    ['4.50', '4.5'],
    [' 2 ', '2'],
    [4.5, '4.5'],
    [0, '0'],
    ['99999.999', '99999.999'],
  ])('reads %j as %j', (input, expected) => {
    expect(decimalString.parse(input)).toBe(expected);
  });

  it.each([
    ['4,5', 'number'],
    ['-1', 'number'],
    ['abc', 'number'],
    [1e21, 'number'],
    ['1.2345', 'maxDecimalPlaces'],
    ['100000', 'maxValue'],
  ])('refuses %j with %s', (input, key) => {
    expect(issuesOf(decimalString, input)).toEqual({ non_field_errors: [key] });
  });
});

describe('block template bodies', () => {
  it('force the coefficient to "0" when the block is not in export', () => {
    const body = {
      name: 'Savoir-faire',
      template: 1,
      coefficient: '2',
      should_include_in_export: false,
    };
    expect(blockTemplateCreateSchema.parse(body).coefficient).toBe('0');
    expect(blockTemplatePatchSchema.parse({ should_include_in_export: false })).toEqual({
      should_include_in_export: false,
      coefficient: '0',
    });
    expect(blockTemplatePatchSchema.parse({ coefficient: '1.50' })).toEqual({ coefficient: '1.5' });
    expect(forceCoefficient({ should_include_in_export: true, coefficient: '3' }).coefficient).toBe(
      '3',
    );
  });

  it('check the colour, the formula and the name', () => {
    const body = { name: ' ', template: 1, reference_color: 'red', grading_formula: 'MEDIAN' };
    expect(issuesOf(blockTemplateCreateSchema, body)).toEqual({
      name: [expect.any(String)],
      reference_color: [expect.any(String)],
      grading_formula: [expect.any(String)],
    });
    expect(
      blockTemplateCreateSchema.parse({ name: 'A', template: 1, reference_color: '#3F51B5' }),
    ).toMatchObject({
      reference_color: '#3F51B5',
    });
  });
});

describe('criterion template bodies', () => {
  it('accept a preset and drop the computed permissions', () => {
    const body = { name: 'Sécurité', block: 3, preset: 'GRADE', permissions: { change: true } };
    expect(criterionTemplateCreateSchema.parse(body)).toEqual({
      name: 'Sécurité',
      block: 3,
      preset: 'GRADE',
    });
  });

  it('accept every preset as fields', () => {
    const fields = presetFields('GRADE_WITH_PROGRESSION');
    const parsed = criterionTemplateCreateSchema.parse({
      name: 'x',
      block: 1,
      ...fields,
      points: 4,
    });
    expect(parsed).toMatchObject({ ...fields, points: '4' });
  });

  it.each([
    [
      { grade: { min: '6', max: '1', step: '0.5', weight: '1' } },
      { 'grade.max': ['gradeScaleOrder'] },
    ],
    [
      { grade: { min: '1', max: '6', step: '0', weight: '1' } },
      { 'grade.step': ['gradeScaleStep'] },
    ],
    [
      { grade: { min: '1', max: '6', step: '0.3', weight: '1' } },
      { 'grade.step': ['gradeScaleStep'] },
    ],
    [
      { letter_evaluation: { min: 'D', max: 'B' } },
      { 'letter_evaluation.max': ['letterRangeOrder'] },
    ],
    [{ has_progression: false, flags: ['OBSERVED'] }, { flags: ['flagsWithoutProgression'] }],
  ])('refuse %j', (fields, expected) => {
    expect(issuesOf(criterionTemplatePatchSchema, fields)).toEqual(expected);
  });

  it('deduplicate flags into their fixed order', () => {
    const parsed = criterionTemplatePatchSchema.parse({
      flags: ['PRACTICED', 'TAUGHT', 'PRACTICED'],
    });
    expect(parsed.flags).toEqual(['TAUGHT', 'PRACTICED']);
  });

  it('check the final fields across each other', () => {
    expect(criterionTemplateErrors({ ...presetFields('EVALUATION'), flags: ['OBSERVED'] })).toEqual(
      {
        flags: [{ key: 'flagsWithoutProgression' }],
      },
    );
    expect(criterionTemplateErrors(presetFields('PROGRESSION'))).toEqual({});
  });
});

describe('module template bodies', () => {
  it('need a name and a module type', () => {
    expect(Object.keys(issuesOf(moduleTemplateCreateSchema, {}))).toEqual([
      'template_name',
      'module_type',
    ]);
    const body = {
      template_name: 'CIE 1',
      module_type: 'INTERCOMPANY_COURSE',
      language: 'de',
      graded: true,
    };
    expect(moduleTemplateCreateSchema.parse(body)).toEqual(body);
  });

  it('refuse unknown languages and a unit on patch', () => {
    expect(issuesOf(moduleTemplatePatchSchema, { language: 'en' })).toEqual({
      language: [expect.any(String)],
    });
    expect(moduleTemplatePatchSchema.parse({ unit: 4, rounding_formula: 'HALF' })).toEqual({
      rounding_formula: 'HALF',
    });
  });
});

describe('evaluation bodies', () => {
  it('need the version and read grades as canonical decimals', () => {
    expect(Object.keys(issuesOf(criterionEvaluationPatchSchema, { grade: '4.5' }))).toEqual([
      'version',
    ]);
    expect(criterionEvaluationPatchSchema.parse({ version: 3, grade: 4.5, letter: null })).toEqual({
      version: 3,
      grade: '4.5',
      letter: null,
    });
    expect(blockEvaluationPatchSchema.parse({ version: 1, comment: 'Bien' })).toEqual({
      version: 1,
      comment: 'Bien',
    });
  });

  it('refuse unknown levels, letters and trends', () => {
    const body = { version: 1, evaluation: 'EXCELLENT', letter: 'G', trend: 'SIDEWAYS' };
    expect(Object.keys(issuesOf(criterionEvaluationPatchSchema, body))).toEqual([
      'evaluation',
      'letter',
      'trend',
    ]);
  });
});

it('every schema has an input JSON schema for the OpenAPI document', () => {
  const schemas = [
    blockTemplateCreateSchema,
    blockTemplatePatchSchema,
    criterionTemplateCreateSchema,
    criterionTemplatePatchSchema,
    moduleTemplateCreateSchema,
    moduleTemplatePatchSchema,
    criterionEvaluationPatchSchema,
    blockEvaluationPatchSchema,
  ];
  for (const schema of schemas) {
    expect(z.toJSONSchema(schema, { io: 'input' })).toMatchObject({ type: 'object' });
  }
});
