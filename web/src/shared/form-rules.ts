import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../domain/constants.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, rule } from './rule-messages.ts';

/** The default form rules of spec section 5 as zod (mini) schemas, for the forms that use one. */

export const required = () => z.string().check(z.trim(), z.minLength(1, rule('required')));

export const email = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, rule('required')),
      z.maxLength(EMAIL_MAX_LENGTH, rule('maxLength', EMAIL_MAX_LENGTH)),
      z.regex(EMAIL_PATTERN, rule('email')),
    );

export const text = (min: number, max: number) =>
  z
    .string()
    .check(
      z.minLength(1, rule('required')),
      z.minLength(min, rule('minLength', min)),
      z.maxLength(max, rule('maxLength', max)),
    );

/** A new password as the forms take it; the server's policy checks the rest (common ones…). */
export const newPassword = () => text(PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH);

/** A form's `confirm` field repeats `field` (a new password), else it says so. */
export const confirms = <T extends { confirm: string }>(field: keyof T) =>
  z.refine<T>((values) => values[field] === values.confirm, {
    message: 'setPassword.mismatch',
    path: ['confirm'],
  });

export const integer = () => z.string().check(z.regex(/^-?\d+$/, rule('integer')));
