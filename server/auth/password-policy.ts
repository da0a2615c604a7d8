import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/constants.ts';
import type { FieldErrors } from '../lib/errors.ts';

/** Passwords long enough to pass the length rule but found at the top of every leaked list. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

export const isCommonPassword = (password: string) =>
  COMMON_PASSWORDS.has(password.trim().toLowerCase());

/**
 * What is wrong with a new password, as messages for one field (empty when it is acceptable):
 * 12 to 128 characters (counted as code points), not a common password, not the e-mail address.
 */
export function passwordProblems(password: string, email: string): FieldErrors[string] {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return [{ key: 'minLength', params: [PASSWORD_MIN_LENGTH] }];
  if (length > PASSWORD_MAX_LENGTH) return [{ key: 'maxLength', params: [PASSWORD_MAX_LENGTH] }];
  const problems: FieldErrors[string] = [];
  if (isCommonPassword(password)) problems.push({ key: 'passwordTooCommon' });
  if (password.trim().toLowerCase() === email.trim().toLowerCase())
    problems.push({ key: 'passwordEqualsEmail' });
  return problems;
}
