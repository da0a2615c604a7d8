import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit } from '../test/factories.ts';
import { signedInAs } from '../test/people-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('profile search', () => {
  it('finds a word anywhere in names and address, whatever its accents and case', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const ana = await createPerson(t.database.db, {
      profile: { firstName: 'Ana', lastName: 'Čolić-Łukasz' },
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });
    const search = async (text: string) =>
      (await client.get(`/api/profiles/?unit=${unit.id}&search=${encodeURIComponent(text)}`))
        .json()
        .results.map((p: { id: number }) => p.id);
    expect(await search('colic')).toEqual([ana.profile.id]);
    expect(await search('ŁUKASZ ana')).toEqual([ana.profile.id]);
    expect(await search('lic-łu')).toEqual([ana.profile.id]);
    expect(await search('colic bob')).toEqual([]);
    expect(await search('100%')).toEqual([]);
  });

  it('is served by the trigram index, not by reading every profile', async () => {
    await t.database.db.transaction(async (tx) => {
      // the tables of a test are tiny: forbid the sequential scan to see whether the index applies
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from profiles where search_text like '%colic%'`,
      );
      const text = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('profiles_search_trgm_idx');
      expect(text).not.toMatch(/Seq Scan on profiles/);
    });
  });
});
