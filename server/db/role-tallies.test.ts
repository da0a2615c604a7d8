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

type Tally = { status: string; role: string; n: number };

/** How many people of each status hold each role, counted from the assignments. */
const counted = () =>
  rowsOf<Tally>(
    t.database.db,
    sql`select p.status, h.role, count(*)::int as n
      from (select distinct profile_id, role from assignments) h
        join profiles p on p.id = h.profile_id
      group by p.status, h.role order by p.status, h.role`,
  );
const tallied = () =>
  rowsOf<Tally>(
    t.database.db,
    sql`select status, role, sum(profiles)::int as n from role_tallies
      group by status, role having sum(profiles) <> 0 order by status, role`,
  );
const run = (statement: ReturnType<typeof sql>) => t.database.db.execute(statement);

/** `n` people named `name` 1 to n, in one statement: their ids in order. */
async function people(name: string, n: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    t.database.db,
    sql`insert into profiles (first_name, last_name)
      select ${name}, 'N' || n from generate_series(1, ${n}::int) n returning id`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Gives each of `ids` `role` in `unitId`, in one statement. */
const assign = (ids: number[], unitId: number, role: string) =>
  run(sql`insert into assignments (profile_id, unit_id, role)
    select id, ${unitId}::int, ${role} from unnest(${sql.param(ids)}::int[]) id`);

/** Whether a session waits for a transaction's advisory lock (the tallies' lock). */
const waitingOnTallyLock = async () =>
  (
    await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
    )
  )[0]!.n > 0;

async function waitUntil(condition: () => Promise<boolean>) {
  for (let tries = 0; tries < 200 && !(await condition()); tries++)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('role tallies', () => {
  it('count a person once per role, through every assignment, status change and delete', async () => {
    const [a, b] = [await createUnit(t.database.db), await createUnit(t.database.db)];
    const students = await people('Rôle', 40);
    const staff = students.slice(0, 5);
    await assign(students, a.id, 'STUDENT');
    await assign(staff, a.id, 'INSTRUCTOR');
    // ten students in a second unit are still ten students, not twenty
    await assign(students.slice(10, 20), b.id, 'STUDENT');
    expect(await tallied()).toEqual(await counted());
    expect(await tallied()).toContainEqual({ status: 'ACTIVE', role: 'STUDENT', n: 40 });

    // one of two assignments taken back: still a student; the last one: no longer
    await run(
      sql`delete from assignments where unit_id = ${b.id} and profile_id = ${students[10]!}`,
    );
    await run(sql`delete from assignments where unit_id = ${a.id}
      and role = 'STUDENT' and profile_id = any(${sql.param(students.slice(30))}::int[])`);
    await run(sql`update assignments set role = 'ENTERPRISE_INSTRUCTOR'
      where role = 'INSTRUCTOR' and profile_id = ${staff[0]!}`);
    expect(await tallied()).toEqual(await counted());
    expect(await tallied()).toContainEqual({ status: 'ACTIVE', role: 'STUDENT', n: 30 });

    await run(
      sql`update profiles set status = 'ARCHIVED' where id = any(${sql.param(students.slice(0, 8))}::int[])`,
    );
    await run(sql`update profiles set first_name = 'Rôles' where first_name = 'Rôle'`);
    expect(await tallied()).toEqual(await counted());
    expect(await tallied()).toContainEqual({ status: 'ARCHIVED', role: 'STUDENT', n: 8 });

    // a person deleted with their assignments, a unit deleted with its people's
    await run(sql`delete from profiles where id = any(${sql.param(students.slice(2, 4))}::int[])`);
    await run(sql`delete from units where id = ${b.id}`);
    expect(await tallied()).toEqual(await counted());

    const rolledBack = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into assignments (profile_id, unit_id, role)
        select id, ${a.id}::int, 'UNIT_ADMIN' from unnest(${sql.param(students.slice(4))}::int[]) id`);
      await tx.execute(sql`update profiles set status = 'ACTIVE' where first_name = 'Rôles'`);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    expect(await tallied()).toEqual(await counted());
  });

  it("give an admin's list of one role its count, by status too", async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'ADMIN', unit.id);
    const ids = await people('Liste', 12);
    await assign(ids, unit.id, 'STUDENT');
    await assign(ids.slice(0, 3), unit.id, 'INSTRUCTOR');
    await run(sql`update profiles set status = 'ARCHIVED' where id = ${ids[11]!}`);
    const count = async (query: string) =>
      (await client.get(`/api/profiles/?limit=1${query}`)).json().count;
    const holders = async (roles: string[], status?: string) =>
      (
        await rowsOf<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from profiles p where exists (select 1 from assignments a
            where a.profile_id = p.id and a.role = any(${sql.param(roles)}::text[]))
            and (${status ?? null}::text is null or p.status = ${status ?? null})`,
        )
      )[0]!.n;
    expect(await count('&roles=STUDENT')).toBe(await holders(['STUDENT']));
    expect(await count('&roles=STUDENT&status=ACTIVE')).toBe(await holders(['STUDENT'], 'ACTIVE'));
    expect(await count('&roles=STUDENT&status=ARCHIVED')).toBe(
      await holders(['STUDENT'], 'ARCHIVED'),
    );
    // two roles, or a role in a unit, are counted among the people themselves
    expect(await count('&roles=STUDENT&roles=INSTRUCTOR')).toBe(
      await holders(['STUDENT', 'INSTRUCTOR']),
    );
    expect(await count(`&roles=INSTRUCTOR&unit=${unit.id}`)).toBe(3);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'count a person given one role in two units by two sessions at once only once',
    async () => {
      const [a, b] = [await createUnit(t.database.db), await createUnit(t.database.db)];
      const [id] = await people('Deux', 1);
      const before = await tallied();
      let commit = () => {};
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let inserted = () => {};
      const open = new Promise<void>((resolve) => (inserted = resolve));
      const first = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into assignments (profile_id, unit_id, role)
          values (${id!}, ${a.id}, 'UNIT_ADMIN')`);
        inserted();
        await committed;
      });
      await open;
      // the second session waits for the first to commit, then sees the role held already
      let secondDone = false;
      const second = t.database.db
        .transaction((tx) =>
          tx.execute(sql`insert into assignments (profile_id, unit_id, role)
            values (${id!}, ${b.id}, 'UNIT_ADMIN')`),
        )
        .finally(() => (secondDone = true));
      await waitUntil(async () => secondDone || (await waitingOnTallyLock()));
      commit();
      await Promise.all([first, second]);
      const admins = (rows: Tally[]) =>
        rows.find((r) => r.status === 'ACTIVE' && r.role === 'UNIT_ADMIN')?.n ?? 0;
      expect(admins(await tallied())).toBe(admins(before) + 1);
      expect(await tallied()).toEqual(await counted());
    },
  );

  it('are emptied with the assignments', async () => {
    await run(sql`truncate profiles cascade`);
    expect(await tallied()).toEqual([]);
  });
});
