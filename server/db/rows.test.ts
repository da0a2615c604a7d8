import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createUnit } from '../test/factories.ts';
import { runNamed } from './rows.ts';
import { units } from './schema/index.ts';

describe('runNamed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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
