import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-error.ts';

/**
 * Puts a refusal where the reader looks for it: field messages next to their fields, the rest
 * (non_field_errors, unknown fields, other statuses) as one form message. The form keeps its input.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): string | null {
  if (!(error instanceof ApiError)) return fallback;
  const fieldErrors = error.fieldErrors;
  const rest: string[] = [];
  let focused = false;
  for (const [name, messages] of Object.entries(fieldErrors)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(
        name as Path<T>,
        { type: 'server', message: messages.join(' ') },
        { shouldFocus: !focused },
      );
      focused = true;
    } else rest.push(...messages);
  }
  if (rest.length) return rest.join(' ');
  if (Object.keys(fieldErrors).length) return null;
  return error.status >= 500 || error.status === 0 ? fallback : error.message;
}

/**
 * The server's reason for refusing an action outside a form (a 409, a 403, field messages of a
 * 400), in the reader's language; the fallback when the server failed or did not answer.
 */
export function refusalMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) return fallback;
  const fieldMessages = Object.values(error.fieldErrors).flat();
  return fieldMessages.length ? fieldMessages.join(' ') : error.message;
}
