import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, databaseUnavailable, ValidationError } from './errors.ts';
import { loggableError } from './loggable-error.ts';
import { translate } from '../i18n/index.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** One place turns every error into a status and a localised body; a 5xx never shows internals. */
export function errorHandler(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const locale = request.locale;
  if (error instanceof ValidationError) {
    const body = Object.fromEntries(
      Object.entries(error.fields).map(([field, messages]) => [
        field,
        messages.map((m) => translate(locale, m.key, m.params)),
      ]),
    );
    return reply.code(400).send(body);
  }
  if (error instanceof AppError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send({ code: errorCode(error.key), detail: translate(locale, error.key, error.params) });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn('database unavailable');
    return errorHandler(databaseUnavailable(), request, reply);
  }
  if (isConstraintViolation(error)) {
    // two requests raced past the checks: the database's constraint decides, the client may retry
    request.log.info({ err: loggableError(error) }, 'constraint violation');
    return reply.code(409).send({ code: 'conflict', detail: translate(locale, 'conflict') });
  }
  if (isDataException(error)) {
    request.log.info({ err: loggableError(error) }, 'value refused by the database');
    return errorHandler(badRequest('non_field_errors', 'invalidValue'), request, reply);
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    const retry = Number(reply.getHeader('retry-after') ?? 60);
    return reply
      .code(429)
      .send({ code: 'too_many_requests', detail: translate(locale, 'tooManyRequests', [retry]) });
  }
  if (status >= 400 && status < 500) {
    // malformed JSON, wrong content type, body too large…
    request.log.info({ err: loggableError(error) }, 'client error');
    const key = status === 404 ? 'notFound' : 'badRequest';
    return reply.code(status).send({ code: errorCode(key), detail: translate(locale, key) });
  }
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  return reply.code(500).send({ code: 'server_error', detail: translate(locale, 'serverError') });
}

/** The stable machine code of an error beside its localised text: its message key in snake_case. */
export function errorCode(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** The SQLSTATE of a database error, as pg or PGlite report it, possibly wrapped by Drizzle. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Unique and foreign-key violations (SQLSTATE 23505, 23503). */
const isConstraintViolation = (error: unknown) =>
  ['23505', '23503'].includes(sqlStateOf(error) ?? '');

/**
 * A value the database could not take (SQLSTATE class 22: out of range, bad text, bad bytes):
 * the request was wrong, whatever check it slipped past.
 */
const isDataException = (error: unknown) => sqlStateOf(error)?.startsWith('22') ?? false;
