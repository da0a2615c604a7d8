import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createModule } from '../test/assessment-factories.ts';
import { createPerson, createUnit } from '../test/factories.ts';
import { rowsOf } from './rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each report's kept roles, and the roles of its standing sign-offs as read from them. */
const keptAndStanding = (reportIds: number[]) =>
  rowsOf<{ id: number; kept: string[]; standing: string[] }>(
    t.database.db,
    sql`select a.id, a.signed_roles as kept,
        coalesce((select array_agg(sg.role order by sg.role) from signatures sg
          where sg.assessment_id = a.id and sg.voided_at is null), '{}') as standing
      from assessments a where a.id = any(${sql.param(reportIds)}::int[]) order by a.id`,
  );

const keptRoles = async (reportIds: number[]) =>
  (await keptAndStanding(reportIds)).map((row) => row.kept);

describe("a report's signed roles", () => {
  it('follow every sign-off, void and delete, in bulk too, and nothing rolled back', async () => {
    const db = t.database.db;
    const unit = await createUnit(db);
    const signer = await createPerson(db, { roles: [{ role: 'INSTRUCTOR', unitId: unit.id }] });
    const { module } = await createModule(db, { unitId: unit.id, moduleType: 'TRAINING_REPORT' });
    const students = await rowsOf<{ id: number }>(
      db,
      sql`insert into profiles (first_name, last_name)
        select 'Signe', 'N' || n from generate_series(1, 3) n returning id`,
    );
    const reports = await rowsOf<{ id: number }>(
      db,
      sql`insert into assessments (module_id, student_id, status, validated_at)
        select ${module.id}::int, id, 'VALIDATED', now()
        from unnest(${sql.param(students.map((s) => s.id))}::int[]) as s(id)
        order by id returning id`,
    );
    const ids = reports.map((r) => r.id);
    const [first, second, third] = ids as [number, number, number];
    const signOff = (reportId: number, role: string) =>
      db.execute(sql`insert into signatures (assessment_id, role, profile_id, assessment_version)
        values (${reportId}, ${role}, ${signer.profile.id}, 1)`);
    expect(await keptRoles(ids)).toEqual([[], [], []]);

    await signOff(first, 'STUDENT');
    await signOff(first, 'INSTRUCTOR');
    // one statement signing several reports
    await db.execute(sql`insert into signatures (assessment_id, role, profile_id, assessment_version)
      select id, role, ${signer.profile.id}, 1
      from unnest(${sql.param([second, third])}::int[]) as r(id),
        (values ('INSTRUCTOR'), ('LEGAL_REPRESENTATIVE'), ('STUDENT')) as v(role)`);
    expect(await keptRoles(ids)).toEqual([
      ['INSTRUCTOR', 'STUDENT'],
      ['INSTRUCTOR', 'LEGAL_REPRESENTATIVE', 'STUDENT'],
      ['INSTRUCTOR', 'LEGAL_REPRESENTATIVE', 'STUDENT'],
    ]);

    // a reopening voids the second's; a comment erased changes no role; a sign-off is deleted
    await db.execute(sql`update signatures set voided_at = now() where assessment_id = ${second}`);
    await db.execute(sql`update signatures set comment = 'effacé' where assessment_id = ${third}`);
    await db.execute(sql`delete from signatures where assessment_id = ${third}
      and role = 'LEGAL_REPRESENTATIVE'`);
    expect(await keptRoles(ids)).toEqual([
      ['INSTRUCTOR', 'STUDENT'],
      [],
      ['INSTRUCTOR', 'STUDENT'],
    ]);
    await signOff(second, 'STUDENT');

    const rolledBack = db.transaction(async (tx) => {
      await tx.execute(sql`insert into signatures (assessment_id, role, profile_id,
        assessment_version) values (${first}, 'LEGAL_REPRESENTATIVE', ${signer.profile.id}, 1)`);
      await tx.execute(sql`update signatures set voided_at = now() where assessment_id = ${third}`);
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    const after = await keptAndStanding(ids);
    expect(after.map((row) => row.kept)).toEqual([
      ['INSTRUCTOR', 'STUDENT'],
      ['STUDENT'],
      ['INSTRUCTOR', 'STUDENT'],
    ]);
    expect(after.map((row) => row.kept)).toEqual(after.map((row) => row.standing));
  });
});
