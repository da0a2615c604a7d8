import {
  DrizzleQueryError,
  is,
  Param,
  Placeholder,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { boundedMemo } from '../../domain/bounded-memo.ts';
import type { Queryable } from './client.ts';

/** The driver's client under a drizzle session: node-postgres' pool or client, or PGlite. */
interface DriverClient {
  query(...args: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * What this file uses of drizzle's session, which has no public way to run a hand-written
 * statement under a name: its dialect (to compile), its driver's client (the pool, or the
 * transaction's connection) and its logger (which the tests' query counter reads).
 */
interface SessionInternals {
  session: {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
    client: DriverClient;
    logger: { logQuery(text: string, params: unknown[]): void };
  };
}

/**
 * `column = $n` for one id, `column = any($n::int[])` for several. Over an array PostgreSQL's
 * generic plan expects ten ids, so it never looks as cheap as a custom plan for one, and a named
 * statement holding it was planned again on every request (0.3–0.4 ms of database time each).
 */
export const oneOf = (column: SQLWrapper, ids: readonly number[]): SQL =>
  oneOfBound(column, sql.param(idsValue(ids)), ids.length !== 1);

/**
 * `limit 25 offset $n`: the page size written into the text, the offset a parameter. With the
 * size a parameter too, PostgreSQL's generic plan guesses it returns a tenth of the rows, looks
 * costlier than a custom plan for 25, and a named list statement was planned again on every
 * request (1.0–2.5 ms of database time for an instructor's assessments). A size is one of the
 * few the screens ask for, so the texts stay few. In a statement compiled once the offset is a
 * placeholder.
 */
export function pageOf({ limit, offset }: { limit: number; offset: number | Placeholder }): SQL {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError('a page size is a count');
  return sql`limit ${sql.raw(String(limit))} offset ${offset}`;
}

/**
 * The size of a list whose page statement counts it (`count(*) over ()` on each row): read from
 * the page's first row. A page past the end carries no row, so only then is the list counted
 * apart (`countAll`); an empty first page is an empty list.
 */
export async function countCarried(
  rows: readonly { total: number | string | null }[],
  offset: number,
  countAll: () => Promise<number>,
): Promise<number> {
  if (rows[0]) return Number(rows[0].total);
  return offset > 0 ? countAll() : 0;
}

/** One statement name per SQL text, for the life of the process. */
const statementNames = new Map<string, string>();

/**
 * How many texts get a name. A list's filters write one placeholder per value, so a caller
 * varying them could create texts without end, each kept by the process and prepared on every
 * connection; past this many, a new text runs unnamed (parsed and planned each time).
 */
export const MAX_NAMED_STATEMENTS = 1_000;

/** The text's statement name, or '' (unnamed) once MAX_NAMED_STATEMENTS are named. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_NAMED_STATEMENTS) return '';
    name = `rows_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Dates, timestamps and intervals (and their arrays, and numeric arrays) come back as
 * PostgreSQL's text, as drizzle asks both its drivers for them: the readers of hand-written
 * statements take them through `driverDate`, on either database.
 */
const TEXT_TYPE_OIDS = [1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231];
const asText = (value: string) => value;
const PG_TYPES = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPE_OIDS.includes(oid) ? asText : pg.types.getTypeParser(oid, format),
};
const PGLITE_OPTIONS = {
  rowMode: 'object',
  parsers: Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, asText])),
};

/** A statement's parameters once its placeholders are given their values. */
type Fill = (placeholders: Record<string, unknown>) => unknown[];

/**
 * What drizzle's fillPlaceholders does on every run, decided once per statement: which
 * parameter is a constant, which a placeholder, which a placeholder through its column's encoder.
 */
function fillOf(params: unknown[]): Fill {
  const valueOf = (name: string, placeholders: Record<string, unknown>) => {
    if (!(name in placeholders)) throw new Error(`No value for placeholder "${name}" was provided`);
    return placeholders[name];
  };
  const slots = params.map((p): ((placeholders: Record<string, unknown>) => unknown) => {
    if (is(p, Placeholder)) return (values) => valueOf(p.name, values);
    if (is(p, Param) && is(p.value, Placeholder)) {
      const { encoder, value } = p;
      return (values) => encoder.mapToDriverValue(valueOf(value.name, values));
    }
    return () => p;
  });
  return (placeholders) => slots.map((slot) => slot(placeholders));
}

/** A statement's text as drizzle compiled it, its statement name and how its values fill in. */
interface Compiled {
  text: string;
  name: string;
  fill: Fill;
}

const sessionOf = (q: Queryable) => (q as unknown as SessionInternals).session;

function compile(q: Queryable, query: SQL): Compiled {
  const { sql: text, params } = sessionOf(q).dialect.sqlToQuery(query);
  return { text, name: statementName(text), fill: fillOf(params) };
}

/**
 * Runs a compiled statement on the handle's own connection (the pool, or the transaction's),
 * straight through the driver: drizzle's prepared query built two configs and their closures on
 * every run, and wrapped it in five promises. It is logged and its failure wrapped as drizzle
 * does (DrizzleQueryError, the database's error as its cause).
 */
async function runCompiled<T>(
  q: Queryable,
  compiled: Compiled,
  placeholders: Record<string, unknown> = {},
): Promise<T[]> {
  const session = sessionOf(q);
  const params = compiled.fill(placeholders);
  session.logger.logQuery(compiled.text, params);
  try {
    const result =
      (session as object) instanceof NodePgSession
        ? await session.client.query(
            { name: compiled.name, text: compiled.text, types: PG_TYPES },
            params,
          )
        : await session.client.query(compiled.text, params, PGLITE_OPTIONS);
    return result.rows as T[];
  } catch (error) {
    throw new DrizzleQueryError(compiled.text, params, error as Error);
  }
}

/**
 * The rows of a hand-written statement built on each call (the reads where building the ORM's
 * select costs more than the query), run as a named prepared statement: on PostgreSQL each
 * connection parses and plans it once instead of on every request. The benchmark measured why:
 * the assessment detail answers at 0.97 of the raw baseline this way, 0.49 without names
 * (docs/decisions.md). Drizzle offers no public API for it, so this file reaches into its
 * session; its logger (and the tests' query counter) still sees every statement. PGlite ignores
 * the name.
 */
export const rowsOf = <T>(q: Queryable, query: SQL): Promise<T[]> =>
  runCompiled<T>(q, compile(q, query));

/**
 * A hand-written statement whose values are placeholders (`sql.placeholder`), compiled to its text
 * once and run named as rowsOf runs it, on any database handle, a transaction's too: for the reads
 * and writes every request or every page makes (the session's, the grade summary's, the
 * assessment detail's, a PATCH's), where building the SQL object and its text cost more of our
 * CPU than the query's round trip. The text does not depend on the handle: every handle speaks
 * PostgreSQL's dialect.
 */
export function rowsCompiledOnce<T, P extends Record<string, unknown>>(query: SQL) {
  let compiled: Compiled | undefined;
  return (q: Queryable, placeholders: P): Promise<T[]> =>
    runCompiled<T>(q, (compiled ??= compile(q, query)), placeholders);
}

/** How many shapes of one statement stay compiled; past it the longest-kept is compiled again. */
export const MAX_SHAPES = 200;

/**
 * rowsCompiledOnce for a statement of a few shapes (a filter present or not, one id or several, a
 * list's ordering): each shape's text is built and compiled the first time it is asked for. A
 * shape is plain data named by its JSON, never a request's values; as a caller may combine a
 * list's filters in many ways, at most MAX_SHAPES are kept.
 */
export function rowsCompiledByShape<T, P extends Record<string, unknown>, S>(
  build: (shape: S) => SQL,
) {
  const statementOf = boundedMemo(
    (key) => rowsCompiledOnce<T, P>(build(JSON.parse(key) as S)),
    MAX_SHAPES,
  );
  return (q: Queryable, shape: S, placeholders: P): Promise<T[]> =>
    statementOf(JSON.stringify(shape))(q, placeholders);
}

/** Which of a list's filters of many values a query has: none, one value, or several. */
export type IdsShape = 'none' | 'one' | 'many';

export const idsShapeOf = (ids: readonly unknown[] | undefined): IdsShape =>
  !ids || ids.length === 0 ? 'none' : ids.length === 1 ? 'one' : 'many';

/** What a oneOf compares: ids, or text (a role). */
type OneOfElement = 'int' | 'text';

/** oneOfPlaceholder for an optional filter of shape `shape`; undefined when it is absent. */
export const idsFilter = (
  column: SQLWrapper,
  name: string,
  shape: IdsShape,
  element: OneOfElement = 'int',
): SQL | undefined =>
  shape === 'none' ? undefined : oneOfPlaceholder(column, name, shape === 'many', element);

/**
 * How a WHERE written once takes a value by name: as a placeholder of a statement compiled once
 * per shape (its value given when it runs), or inline in a query built on every call (`inline`).
 * One writing of a scope serves both.
 */
export type Bind = (name: string) => Param;
export const asPlaceholder: Bind = (name) => sql.param(sql.placeholder(name));
export const inline =
  (values: Record<string, unknown>): Bind =>
  (name) =>
    sql.param(values[name]);

/** oneOf over a bound value: one value (`column = $n`), or an array of them when `many`. */
export const oneOfBound = (
  column: SQLWrapper,
  value: Param,
  many: boolean,
  element: OneOfElement = 'int',
): SQL =>
  many ? sql`${column} = any(${value}::${sql.raw(element)}[])` : sql`${column} = ${value}`;

/**
 * oneOf in a statement compiled once: the placeholder `name` holds one id (`column = $n`), or an
 * array of ids when `many`; pass `idsValue(ids)` for it.
 */
export const oneOfPlaceholder = (
  column: SQLWrapper,
  name: string,
  many: boolean,
  element: OneOfElement = 'int',
): SQL => oneOfBound(column, asPlaceholder(name), many, element);

/** The value of a oneOfPlaceholder: the id (or other value) when there is one, else the array. */
export const idsValue = <T>(ids: readonly T[]): T | T[] => (ids.length === 1 ? ids[0]! : [...ids]);

/**
 * A timestamp as a hand-written statement hands it over: text on PostgreSQL and PGlite (drizzle's
 * setting for its drivers), or a Date; read as drizzle reads it.
 */
export const driverDate = (value: string | Date): Date =>
  value instanceof Date ? value : new Date(value);

/** What runNamed needs of a query built with drizzle's builder. */
interface Preparable<R, P = never> {
  prepare(name: string): Prepared<R, P>;
}

interface Prepared<R, P> {
  execute(placeholders?: P): Promise<R>;
}

/** What runNamed reads and sets in drizzle's prepared statement (not in its public types). */
interface PreparedInternals {
  /** the compiled text (PgPreparedQuery) */
  query: { sql: string };
  /** node-postgres' statements only: the configs whose name pg sends */
  rawQueryConfig?: { name?: string };
  queryConfig?: { name?: string };
}

/** The builder's query compiled, under one name per SQL text as rowsOf names its statements. */
function prepareNamed<R, P>(query: Preparable<R, P>): Prepared<R, P> {
  const prepared = query.prepare('');
  const internals = prepared as unknown as PreparedInternals;
  const name = statementName(internals.query.sql);
  if (internals.rawQueryConfig) internals.rawQueryConfig.name = name;
  if (internals.queryConfig) internals.queryConfig.name = name;
  return prepared;
}

/**
 * A query built with drizzle's builder (the lists, whose filters change their text), run as a
 * named prepared statement like rowsOf: one name per SQL text, so each connection plans each
 * shape of a list once. The builder still maps the rows to its nested result. The name is set
 * once the text is compiled: asking the builder for its text first would compile it twice.
 */
export function runNamed<R>(query: Preparable<R>): Promise<R> {
  return prepareNamed(query).execute();
}

/** The placeholder of a read by one id, compiled once: run it with `{ id }`. */
export const BY_ID = sql.placeholder('id');

/**
 * A builder query whose values are placeholders (`sql.placeholder`), compiled once per database
 * handle and run named: for a hot read of one row whose select costs more to compile than to run
 * (the criterion PATCH's first read). A transaction is a new handle each time, so there it is
 * compiled each time, as runNamed would.
 */
export function compiledOnce<R, P>(build: (q: Queryable) => Preparable<R, P>) {
  const compiled = new WeakMap<Queryable, Prepared<R, P>>();
  return (q: Queryable, placeholders: P): Promise<R> => {
    let prepared = compiled.get(q);
    if (prepared === undefined) {
      prepared = prepareNamed(build(q));
      compiled.set(q, prepared);
    }
    return prepared.execute(placeholders);
  };
}
