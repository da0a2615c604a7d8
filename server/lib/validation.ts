import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { outOfRangeNumbers, strictDeep, unstorableStrings } from './input-guards.ts';
import { ValidationError, type FieldErrors } from './errors.ts';
import type { MessageKey } from '../i18n/index.ts';

type Issue = z.core.$ZodIssue;

/** The message key (and parameters) of the spec's form rules that best says what is wrong. */
function messageOf(issue: Issue): { key: MessageKey; params?: (string | number)[] } {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { key: 'required' };
      if (issue.expected === 'number') return { key: 'number' };
      if (issue.expected === 'int') return { key: 'integer' };
      return { key: 'invalidValue' };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { key: 'required' }
          : { key: 'minLength', params: [Number(issue.minimum)] };
      }
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'notEmpty' };
      return { key: 'minValue', params: [Number(issue.minimum)] };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'maxLength', params: [Number(issue.maximum)] };
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { key: 'maxValues', params: [Number(issue.maximum)] };
      }
      return { key: 'maxValue', params: [Number(issue.maximum)] };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'email' } : { key: 'pattern' };
    case 'invalid_value':
      return { key: 'invalidChoice' };
    case 'not_multiple_of':
      return { key: 'invalidValue' };
    case 'unrecognized_keys':
      return { key: 'unknownField' };
    case 'custom':
      return {
        key: issue.message || 'invalidValue',
        params: (issue.params?.['values'] as (string | number)[]) ?? [],
      };
    default:
      return { key: 'invalidValue' };
  }
}

/** Zod issues as field errors; an issue at the root goes under `non_field_errors`. */
function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const names =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...path, key].join('.'))
        : [path.join('.') || 'non_field_errors'];
    for (const name of names) (fields[name] ??= []).push(messageOf(issue));
  }
  return fields;
}

/**
 * Fastify validator: parses with zod (reporting inputs) and throws localisable field errors. A
 * body takes no field its schema does not name; no part takes a string the database cannot store
 * or a whole number beyond its integers.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const effective = httpPart === 'body' ? strictDeep(schema) : schema;
  return (data) => {
    const unstorable = unstorableStrings(data);
    if (Object.keys(unstorable).length) return { error: new ValidationError(unstorable) };
    const result = effective.safeParse(data, { reportInput: true });
    if (!result.success) return { error: new ValidationError(fieldErrorsOf(result.error.issues)) };
    const outOfRange = outOfRangeNumbers(result.data);
    if (Object.keys(outOfRange).length) return { error: new ValidationError(outOfRange) };
    return { value: result.data };
  };
};
