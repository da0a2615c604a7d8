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
    // words shorter than a trigram are found by their place in the text, taken literally too
    expect(await search('c-')).toEqual([ana.profile.id]);
    expect(await search('ŁU ana')).toEqual([ana.profile.id]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('gives a search page by page in name order, with the count of all matches', async () => {
    const db = t.database.db;
    const unit = await createUnit(db);
    const { client } = await signedInAs(t, 'ADMIN', unit.id);
    const manager = await signedInAs(t, 'COURSE_MANAGER', unit.id);
    // addresses without digits: a search's words are looked for in the address too
    for (const n of [3, 1, 4, 2, 5])
      await createPerson(db, {
        profile: {
          firstName: 'Page',
          lastName: `Quérida ${n}`,
          email: `page.querida.${'vwxyz'[n - 1]}@example.ch`,
        },
        roles: [{ role: 'STUDENT', unitId: unit.id }],
      });
    const page = async (reader: typeof client, query: string) => {
      const body = (await reader.get(`/api/profiles/?search=${query}`)).json();
      return [body.count, body.results.map((p: { last_name: string }) => p.last_name)];
    };
    for (const reader of [client, manager.client]) {
      expect(await page(reader, 'querida&limit=2&offset=1')).toEqual([
        5,
        ['Quérida 2', 'Quérida 3'],
      ]);
      expect(await page(reader, 'querida&limit=2&ordering=-last_name')).toEqual([
        5,
        ['Quérida 5', 'Quérida 4'],
      ]);
      expect(await page(reader, 'querida&limit=2&offset=10')).toEqual([5, []]);
      expect(await page(reader, 'qu%C3%A9rida%20page%205&limit=2')).toEqual([1, ['Quérida 5']]);
    }
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
