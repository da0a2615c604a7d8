import type { MessageKey } from '../i18n/index.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/unavailable.ts';

/** Field errors: field name → message keys (with their parameters), localised by the error handler. */
export type FieldErrors = Record<string, { key: MessageKey; params?: (string | number)[] }[]>;

/** An error a route throws on purpose; the error handler turns it into a localised answer. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly key: MessageKey;
  readonly params: (string | number)[];
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    key: MessageKey,
    params: (string | number)[] = [],
    headers: Record<string, string> = {},
  ) {
    super(key);
    this.statusCode = statusCode;
    this.key = key;
    this.params = params;
    this.headers = headers;
  }
}

/** 400 with `{field: [message, …]}`; non-field errors go under `non_field_errors`. */
export class ValidationError extends AppError {
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors) {
    super(400, 'badRequest');
    this.fields = fields;
  }
}

export const badRequest = (field: string, key: MessageKey, params?: (string | number)[]) =>
  new ValidationError({ [field]: [{ key, params }] });
export const notFound = () => new AppError(404, 'notFound');
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const unauthenticated = () => new AppError(401, 'unauthenticated');
export const conflict = (key: MessageKey = 'conflict', params?: (string | number)[]) =>
  new AppError(409, key, params);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'tooManyRequests', [retryAfterSeconds], {
    'retry-after': String(retryAfterSeconds),
  });
export const databaseUnavailable = () =>
  new AppError(503, 'databaseUnavailable', [], {
    'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
  });
