import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';

const statement = 'select id from profiles where last_name = $1';

describe('loggableError', () => {
  it("keeps a failed statement's parameters out when its cause is not the database's", () => {
    const failure = new DrizzleQueryError(statement, ['Obermattli'], new TypeError('not a date'));
    const logged = JSON.stringify(loggableError(failure));
    expect(logged).not.toContain('Obermattli');
    expect(loggableError(failure)).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { type: 'TypeError', message: 'not a date' },
    });
  });

  it("names a database refusal by its SQLSTATE, never by the statement's values", () => {
    const refusal = Object.assign(new Error('duplicate key value'), {
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (email)=(zephyrine@example.ch) already exists.',
      constraint: 'users_email_unique',
    });
    const logged = loggableError(new DrizzleQueryError(statement, ['Obermattli'], refusal));
    expect(logged).toEqual({
      type: 'DatabaseError',
      code: '23505',
      constraint: 'users_email_unique',
      table: undefined,
      column: undefined,
    });
  });
});
