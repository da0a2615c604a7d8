import { DrizzleQueryError, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createUnit } from '../test/factories.ts';
import {
  compiledOnce,
  driverDate,
  idsValue,
  MAX_NAMED_STATEMENTS,
  oneOf,
  oneOfPlaceholder,
  pageOf,
  MAX_SHAPES,
  rowsCompiledByShape,
  rowsCompiledOnce,
  rowsOf,
  runNamed,
} from './rows.ts';
import { criterionEvaluations, units } from './schema/index.ts';

// one app for the file: each block reads and writes its own units
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('runNamed', () => {
  const unitNamed = (name: string) =>
    runNamed(t.database.db.select({ id: units.id }).from(units).where(eq(units.name, name)));

  it("answers the builder's rows", async () => {
    const unit = await createUnit(t.database.db, { name: 'Atelier runNamed' });
    expect(await unitNamed('Atelier runNamed')).toEqual([{ id: unit.id }]);
    expect(await unitNamed('Atelier absent')).toEqual([]);
  });

  // drizzle has no public way to name a builder's statement: this is what breaks if it changes
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'sends one statement name per SQL text to PostgreSQL',
    async () => {
      const sent = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await unitNamed('Un');
        await unitNamed('Deux');
        await runNamed(t.database.db.select({ id: units.id }).from(units));
        const names = sent.mock.calls.map(([config]) => (config as { name?: string }).name);
        expect(names).toHaveLength(3);
        expect(names[0]).toMatch(/^rows_\d+$/);
        expect(names[1]).toBe(names[0]);
        expect(names[2]).toMatch(/^rows_\d+$/);
        expect(names[2]).not.toBe(names[0]);
      } finally {
        sent.mockRestore();
      }
    },
  );
});

describe('compiledOnce', () => {
  const unitById = compiledOnce((q) =>
    q
      .select({ name: units.name })
      .from(units)
      .where(eq(units.id, sql.placeholder('id'))),
  );

  it('answers each run with the rows of its own values', async () => {
    const first = await createUnit(t.database.db, { name: 'Atelier un' });
    const second = await createUnit(t.database.db, { name: 'Atelier deux' });
    expect(await unitById(t.database.db, { id: first.id })).toEqual([{ name: 'Atelier un' }]);
    expect(await unitById(t.database.db, { id: second.id })).toEqual([{ name: 'Atelier deux' }]);
    expect(await unitById(t.database.db, { id: -1 })).toEqual([]);
  });

  it('reads within a transaction what it wrote, and nothing once it rolled back', async () => {
    const unit = await createUnit(t.database.db, { name: 'Atelier avant' });
    const rolledBack = t.database.db.transaction(async (tx) => {
      await tx.update(units).set({ name: 'Atelier pendant' }).where(eq(units.id, unit.id));
      expect(await unitById(tx, { id: unit.id })).toEqual([{ name: 'Atelier pendant' }]);
      tx.rollback();
    });
    await expect(rolledBack).rejects.toThrow(TransactionRollbackError);
    expect(await unitById(t.database.db, { id: unit.id })).toEqual([{ name: 'Atelier avant' }]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'compiles once per handle and sends one statement name to PostgreSQL',
    async () => {
      const sent = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await unitById(t.database.db, { id: 1 });
        await unitById(t.database.db, { id: 2 });
        const configs = sent.mock.calls.map(([config]) => config as { name?: string });
        expect(configs).toHaveLength(2);
        expect(configs[0]!.name).toMatch(/^rows_\d+$/);
        expect(configs[1]).toBe(configs[0]);
      } finally {
        sent.mockRestore();
      }
    },
  );
});

describe('rowsCompiledOnce', () => {
  const unitNamed = rowsCompiledOnce<{ id: number }, { name: string }>(
    sql`select id from units where name = ${sql.placeholder('name')}`,
  );

  it('answers each run with the rows of its own values', async () => {
    const first = await createUnit(t.database.db, { name: 'Atelier compilé un' });
    const second = await createUnit(t.database.db, { name: 'Atelier compilé deux' });
    expect(await unitNamed(t.database.db, { name: 'Atelier compilé un' })).toEqual([
      { id: first.id },
    ]);
    expect(await unitNamed(t.database.db, { name: 'Atelier compilé deux' })).toEqual([
      { id: second.id },
    ]);
    expect(await unitNamed(t.database.db, { name: 'Atelier absent' })).toEqual([]);
  });

  it('reads within a transaction what it wrote there', async () => {
    const unit = await createUnit(t.database.db, { name: 'Atelier compilé avant' });
    await t.database.db.transaction(async (tx) => {
      await tx.update(units).set({ name: 'Atelier compilé pendant' }).where(eq(units.id, unit.id));
      expect(await unitNamed(tx, { name: 'Atelier compilé pendant' })).toEqual([{ id: unit.id }]);
    });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'sends the same named statement to PostgreSQL on every run',
    async () => {
      const sent = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await unitNamed(t.database.db, { name: 'Un' });
        await unitNamed(t.database.db, { name: 'Deux' });
        const configs = sent.mock.calls.map(([config]) => config as { name?: string });
        expect(configs).toHaveLength(2);
        expect(configs[0]!.name).toMatch(/^rows_\d+$/);
        expect(configs[1]!.name).toBe(configs[0]!.name);
        expect(sent.mock.calls.map(([, values]) => values)).toEqual([['Un'], ['Deux']]);
      } finally {
        sent.mockRestore();
      }
    },
  );
});

describe('a hand-written statement run through the driver', () => {
  it("answers dates, timestamps and intervals as PostgreSQL's text, as drizzle's drivers do", async () => {
    const [row] = await rowsOf<Record<string, unknown>>(
      t.database.db,
      sql`select timestamptz '2026-01-15 10:00:00+00' as at, date '2026-03-02' as day,
        interval '2 days' as span, 7::int as count, 4.50::numeric as grade, true as flag`,
    );
    expect(typeof row!.at).toBe('string');
    expect(driverDate(row!.at as string).toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(row!.day).toBe('2026-03-02');
    expect(row!.span).toBe('2 days');
    expect(row).toMatchObject({ count: 7, grade: '4.50', flag: true });
  });

  it("gives a placeholder's value through its column's encoder", async () => {
    const progression = rowsCompiledOnce<{ flags: string[] }, { flags: string[] }>(
      sql`select ${sql.param(sql.placeholder('flags'), criterionEvaluations.progression)}::jsonb
        as flags`,
    );
    expect(await progression(t.database.db, { flags: ['A', 'B'] })).toEqual([
      { flags: ['A', 'B'] },
    ]);
  });

  it("fails as drizzle's own queries fail, the database's refusal as the cause", async () => {
    const refusal = await rowsOf(t.database.db, sql`select 1 / ${0}::int as n`).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(DrizzleQueryError);
    expect((refusal as DrizzleQueryError).cause).toMatchObject({ code: '22012' });
  });

  it('refuses to run without the value of a placeholder', async () => {
    const unitNamed = rowsCompiledOnce<{ id: number }, Record<string, unknown>>(
      sql`select id from units where name = ${sql.placeholder('name')}`,
    );
    await expect(unitNamed(t.database.db, {})).rejects.toThrow(
      'No value for placeholder "name" was provided',
    );
  });
});

describe('rowsCompiledByShape', () => {
  const unitsOf = rowsCompiledByShape<{ name: string }, { ids: number | number[] }, boolean>(
    (many) =>
      sql`select name from units where ${oneOfPlaceholder(sql`id`, 'ids', many)} order by name`,
  );
  const namesOf = async (ids: number[]) =>
    (await unitsOf(t.database.db, ids.length !== 1, { ids: idsValue(ids) })).map((r) => r.name);

  it('answers each shape with its own rows: one id, several, none', async () => {
    const a = await createUnit(t.database.db, { name: 'Atelier forme A' });
    const b = await createUnit(t.database.db, { name: 'Atelier forme B' });
    expect(await namesOf([a.id])).toEqual(['Atelier forme A']);
    expect(await namesOf([a.id, b.id])).toEqual(['Atelier forme A', 'Atelier forme B']);
    expect(await namesOf([b.id])).toEqual(['Atelier forme B']);
    expect(await namesOf([])).toEqual([]);
  });

  it('keeps MAX_SHAPES shapes compiled and compiles a forgotten one again, with its own rows', async () => {
    const built: number[] = [];
    const numbered = rowsCompiledByShape<{ n: number }, Record<string, never>, number>((n) => {
      built.push(n);
      return sql`select ${sql.raw(String(n))}::int as n`;
    });
    for (let n = 0; n <= MAX_SHAPES; n += 1)
      expect(await numbered(t.database.db, n, {})).toEqual([{ n }]);
    expect(await numbered(t.database.db, MAX_SHAPES, {})).toEqual([{ n: MAX_SHAPES }]);
    expect(built).toHaveLength(MAX_SHAPES + 1);
    // the first shape was forgotten when the last came: asked again, it is built again
    expect(await numbered(t.database.db, 0, {})).toEqual([{ n: 0 }]);
    expect(built).toHaveLength(MAX_SHAPES + 2);
  });
});

describe('oneOf', () => {
  const namesOf = async (ids: number[]) =>
    (
      await rowsOf<{ name: string }>(
        t.database.db,
        sql`select name from units where ${oneOf(sql`id`, ids)} order by name`,
      )
    ).map((row) => row.name);

  it('keeps the rows of one id, of several, and none for no id', async () => {
    const a = await createUnit(t.database.db, { name: 'Atelier oneOf A' });
    const b = await createUnit(t.database.db, { name: 'Atelier oneOf B' });
    expect(await namesOf([a.id])).toEqual(['Atelier oneOf A']);
    expect(await namesOf([a.id, b.id])).toEqual(['Atelier oneOf A', 'Atelier oneOf B']);
    expect(await namesOf([])).toEqual([]);
  });

  it('gives one id as a plain parameter, which a generic plan estimates as one row', () => {
    const dialect = (t.database.db as unknown as { dialect: PgDialect }).dialect;
    expect(dialect.sqlToQuery(oneOf(sql`id`, [7])).sql).toBe('id = $1');
    expect(dialect.sqlToQuery(oneOf(sql`id`, [7, 8])).sql).toBe('id = any($1::int[])');
  });
});

describe('pageOf', () => {
  const unitPage = (paging: { limit: number; offset: number }) =>
    rowsOf<{ name: string }>(
      t.database.db,
      sql`select name from units where name like 'Atelier pageOf %' order by name ${pageOf(paging)}`,
    );

  it('answers the page asked for', async () => {
    for (const n of [1, 2, 3, 4, 5])
      await createUnit(t.database.db, { name: `Atelier pageOf ${n}` });
    expect((await unitPage({ limit: 2, offset: 0 })).map((u) => u.name)).toEqual([
      'Atelier pageOf 1',
      'Atelier pageOf 2',
    ]);
    expect((await unitPage({ limit: 2, offset: 4 })).map((u) => u.name)).toEqual([
      'Atelier pageOf 5',
    ]);
  });

  it('writes the size into the text and the offset as a parameter, so every page is one plan', () => {
    const dialect = (t.database.db as unknown as { dialect: PgDialect }).dialect;
    const query = dialect.sqlToQuery(pageOf({ limit: 25, offset: 50 }));
    expect([query.sql, query.params]).toEqual(['limit 25 offset $1', [50]]);
    expect(() => pageOf({ limit: 2.5, offset: 0 })).toThrow(RangeError);
    expect(() => pageOf({ limit: 0, offset: 0 })).toThrow(RangeError);
  });
});

// last in the file: it uses up the names of this process
describe('statement names', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    `names at most ${MAX_NAMED_STATEMENTS} texts, then runs new ones unnamed and keeps the named`,
    async () => {
      const numbered = (n: number) =>
        rowsOf<{ n: number }>(t.database.db, sql.raw(`select ${n}::int as n`));
      const sent = vi.spyOn(pg.Client.prototype, 'query');
      try {
        for (let n = 0; n <= MAX_NAMED_STATEMENTS; n++) await numbered(n);
        expect(await numbered(MAX_NAMED_STATEMENTS + 1)).toEqual([{ n: MAX_NAMED_STATEMENTS + 1 }]);
        expect(await numbered(0)).toEqual([{ n: 0 }]);
        const names = sent.mock.calls.map(([config]) => (config as { name?: string }).name);
        // the file's earlier statements took some of the names
        expect(names.at(-3)).toBe('');
        expect(names.at(-2)).toBe('');
        expect(names.at(-1)).toMatch(/^rows_\d+$/);
      } finally {
        sent.mockRestore();
      }
    },
  );
});
