import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createUnit } from '../test/factories.ts';
import { signedInAs } from '../test/people-helpers.ts';
import { rowsOf } from './rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const counted = () =>
  rowsOf<{ status: string; n: number }>(
    t.database.db,
    sql`select status, count(*)::int as n from profiles group by status order by status`,
  );
const tallied = () =>
  rowsOf<{ status: string; n: number }>(
    t.database.db,
    sql`select status, sum(profiles)::int as n from profile_tallies
      group by status having sum(profiles) <> 0 order by status`,
  );

describe('profile tallies', () => {
  it('follow every insert, status change and delete, and nothing rolled back', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into profiles (first_name, last_name, status)
      select 'Tally', 'N' || n, case when n % 4 = 0 then 'ARCHIVED' else 'ACTIVE' end
      from generate_series(1, 200) n`);
    expect(await tallied()).toEqual(await counted());

    await db.execute(sql`update profiles set status = 'ARCHIVED' where last_name in ('N1', 'N2')`);
    await db.execute(sql`update profiles set status = 'ACTIVE' where last_name = 'N4'`);
    await db.execute(sql`update profiles set first_name = 'Tallie' where first_name = 'Tally'`);
    expect(await tallied()).toEqual(await counted());

    await db.execute(sql`delete from profiles where last_name like 'N1%'`);
    expect(await tallied()).toEqual(await counted());

    const rolledBack = db.transaction(async (tx) => {
      await tx.execute(sql`insert into profiles (first_name, last_name)
        select 'Gone', 'N' || n from generate_series(1, 5) n`);
      await tx.execute(sql`update profiles set status = 'ARCHIVED' where first_name = 'Tallie'`);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    const after = await counted();
    expect(await tallied()).toEqual(after);
    // 111 deleted (N1, N10–N19, N100–N199); of the 89 left, 23 archived: N2, and the 23 of
    // n % 4 = 0 that were not deleted but N4
    expect(after).toEqual([
      { status: 'ACTIVE', n: 66 },
      { status: 'ARCHIVED', n: 23 },
    ]);
  });

  it("give an admin's list its count, by status too, and a search counts its matches", async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'ADMIN', unit.id);
    const count = async (query: string) =>
      (await client.get(`/api/profiles/?limit=1${query}`)).json().count;
    const [active, archived] = (await counted()).map((row) => row.n);
    expect(await count('')).toBe(active! + archived!);
    expect(await count('&status=ACTIVE')).toBe(active);
    expect(await count('&status=ARCHIVED')).toBe(archived);
    // a search is counted among the profiles themselves: N2, N20–N29 and N200
    expect(await count('&search=tallie n2')).toBe(12);
  });

  it('are emptied with the profiles', async () => {
    await t.database.db.execute(sql`truncate profiles cascade`);
    expect(await tallied()).toEqual([]);
  });
});
