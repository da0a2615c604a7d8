import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../domain/constants.ts';

/**
 * The default form rules of spec section 5. A rule's message is a messages key, with its
 * parameter after '|' ('rules.maxLength|254'); `ruleMessage` turns it into the reader's text.
 */
export const rule = (key: string, param?: number | string) =>
  param === undefined ? `rules.${key}` : `rules.${key}|${param}`;

export const required = () => z.string().check(z.trim(), z.minLength(1, rule('required')));

export const email = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, rule('required')),
      z.maxLength(254, rule('maxLength', 254)),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, rule('email')),
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

const MESSAGE_KEY = /^[a-zA-Z]+(\.[a-zA-Z]+)+(\|.*)?$/;

/** The reader's text for a rule message; server messages are shown as they came. */
export function ruleMessage(
  message: string | undefined,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  if (!message) return undefined;
  if (!MESSAGE_KEY.test(message)) return message;
  const [key = '', param] = message.split('|');
  return t(key, { 0: param });
}
