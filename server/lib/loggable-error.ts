import { DrizzleQueryError } from 'drizzle-orm';

/**
 * What of an error may go into a log line. A database error names its SQLSTATE, table and
 * constraint but never its `detail` ("Key (email)=(…)") nor the statement's parameters, which
 * Drizzle copies into its message (another failure of a statement is logged by its cause alone);
 * a client error (bad JSON, wrong content type) names its code, since its message may quote the
 * body. Other errors keep their message and stack.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const database = databaseCause(error);
  if (database)
    return {
      type: 'DatabaseError',
      code: database.code,
      table: database.table,
      constraint: database.constraint,
      column: database.column,
    };
  if (!(error instanceof Error)) return { type: typeof error };
  // a failed statement's message and stack quote its parameters (names, addresses, grades)
  if (error instanceof DrizzleQueryError)
    return { type: 'DrizzleQueryError', cause: loggableError(error.cause) };
  const status = (error as { statusCode?: number }).statusCode;
  const code = (error as { code?: unknown }).code;
  if (status && status < 500) return { type: error.name, code, status };
  return { type: error.name, code, message: error.message, stack: error.stack };
}

interface DatabaseErrorFields {
  code: string;
  table?: string;
  constraint?: string;
  column?: string;
}

/** The PostgreSQL error behind a possibly wrapped one: the one with a five-character SQLSTATE. */
function databaseCause(error: unknown): DatabaseErrorFields | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const fields = e as Partial<DatabaseErrorFields> & { severity?: unknown };
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && fields.severity)
      return {
        code: fields.code,
        table: fields.table,
        constraint: fields.constraint,
        column: fields.column,
      };
  }
  return undefined;
}
