import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../domain/constants.ts';
import { rowsOf } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  createAssessment,
  createGroup,
  createModule,
  gradeCriterion,
} from '../test/assessment-factories.ts';
import { createPerson, createUnit, TEST_PASSWORD } from '../test/factories.ts';
import { captureQueries } from '../test/query-counter.ts';
import { runNamed } from '../test/generic-plans.ts';

const WATCHED = new Set([
  'assessments',
  'criterion_evaluations',
  'block_evaluations',
  'audit_trail',
]);

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** How many rows of the watched tables a plan read, kept or filtered out. */
function rowsRead(node: PlanNode, watched: ReadonlySet<string>): number {
  const own =
    node['Relation Name'] !== undefined && watched.has(node['Relation Name'])
      ? ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, watched), 0);
}

/** How many nodes of a plan are of `type`. */
const nodesOfType = (node: PlanNode, type: string): number =>
  (node['Node Type'] === type ? 1 : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + nodesOfType(child, type), 0);

/** How many rows of `table` a plan read whole from the table, not from one of its indexes alone. */
function rowsReadWhole(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table && node['Node Type'] !== 'Index Only Scan'
      ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsReadWhole(child, table), 0);
}

/**
 * An instructor's lists start from the instructor's groups: what they read follows what the
 * instructor holds, not what the unit or the database holds. Measured with EXPLAIN ANALYZE on a
 * unit of 40,000 assessments where the instructor's group holds 10, among 20,000 other people.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('list plans on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Each read `work` made, with what `count` says its plan read. */
  async function plansOf(work: () => Promise<unknown>, count: (plan: PlanNode) => number) {
    const queries = await captureQueries(t.database.db, work);
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const read: { query: string; rows: number }[] = [];
    for (const { query, params } of queries.filter((q) => /^\s*(select|with)\b/i.test(q.query))) {
      const { rows } = await pool.query(`explain (analyze, format json) ${query}`, params);
      const [{ Plan }] = rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }];
      read.push({ query, rows: count(Plan) });
    }
    return read;
  }

  const rowsReadBy = (work: () => Promise<unknown>, watched: ReadonlySet<string> = WATCHED) =>
    plansOf(work, (plan) => rowsRead(plan, watched));

  /**
   * Each read `work` made, with what `count` says its generic plan read: the plan a named
   * statement settles on for any values, as the server's statements do after their first five.
   */
  async function genericPlansOf(work: () => Promise<unknown>, count: (plan: PlanNode) => number) {
    const queries = await captureQueries(t.database.db, work);
    const client = await (t.database.db as unknown as { $client: pg.Pool }).$client.connect();
    const literal = (value: unknown): string =>
      Array.isArray(value)
        ? client.escapeLiteral(`{${value.join(',')}}`)
        : typeof value === 'number'
          ? String(value)
          : client.escapeLiteral(String(value));
    const read: { query: string; rows: number }[] = [];
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      for (const { query, params } of queries.filter((q) => /^\s*(select|with)\b/i.test(q.query))) {
        await client.query(`prepare generic as ${query}`);
        const values = params.length ? `(${params.map(literal).join(', ')})` : '';
        const { rows } = await client.query(
          `explain (analyze, format json) execute generic${values}`,
        );
        const [{ Plan }] = rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }];
        read.push({ query, rows: count(Plan) });
        await client.query('deallocate generic');
      }
    } finally {
      await client.query('reset plan_cache_mode');
      client.release();
    }
    return read;
  }

  /** A unit with an instructor, a colleague and 400 students (inserted in one statement). */
  async function unitOfTwoInstructors() {
    const db = t.database.db;
    const unit = await createUnit(db);
    const instructor = await createPerson(db, { roles: [{ role: 'INSTRUCTOR', unitId: unit.id }] });
    const colleague = await createPerson(db, { roles: [{ role: 'INSTRUCTOR', unitId: unit.id }] });
    const students = await db.execute(sql`with s as (
        insert into profiles (first_name, last_name)
        select 'Élève', 'Plan ' || n from generate_series(1, 400) n returning id)
      insert into assignments (profile_id, unit_id, role)
      select id, ${unit.id}, 'STUDENT' from s returning profile_id`);
    const studentIds = (students as unknown as { rows: { profile_id: number }[] }).rows.map(
      (r) => r.profile_id,
    );
    return { unit, instructor, colleague, studentIds };
  }

  it("reads only the assessments of the instructor's groups for the instructor's lists", async () => {
    const db = t.database.db;
    const { unit, instructor, colleague, studentIds } = await unitOfTwoInstructors();
    let mine = 0;
    let first = 0;
    for (let m = 0; m < 100; m++) {
      const { module } = await createModule(db, { unitId: unit.id, name: `Module ${m}` });
      const theirs = await createGroup(db, module.id, [colleague.profile.id], 'Theirs');
      // the instructor holds one group, of 10 students, in the first module
      const ours =
        m === 0 ? await createGroup(db, module.id, [instructor.profile.id], 'Ours') : theirs;
      if (m === 0) [mine, first] = [ours.id, module.id];
      await db.execute(sql`insert into assessments (module_id, group_id, student_id)
        select ${module.id}::int, case when i <= 10 then ${ours.id}::int else ${theirs.id}::int end,
          student_id
        from unnest(${sql.param(studentIds)}::int[]) with ordinality as s(student_id, i)`);
    }
    // the canton's other people: a list of the instructor's must not read them
    await db.execute(sql`insert into profiles (first_name, last_name)
      select 'Autre', 'Personne ' || n from generate_series(1, 20000) n`);
    await db.execute(sql`analyze`);
    const client = await t.client().login(instructor.email, TEST_PASSWORD);
    const listed = await client.get('/api/assessments/?limit=1000');
    expect(listed.json().count).toBe(10);
    expect(listed.json().results.every((a: { group: { id: number } }) => a.group.id === mine)).toBe(
      true,
    );

    const read = await rowsReadBy(async () => {
      for (const url of [
        '/api/assessments/',
        `/api/assessments/?instructor=${instructor.profile.id}`,
        '/api/profiles/?roles=STUDENT',
        '/api/profiles/',
        '/api/modules/instances/',
      ])
        expect((await client.get(url)).statusCode).toBe(200);
    });
    expect(read.length).toBeGreaterThan(4);
    // 10 assessments are the instructor's: a plan may read them a few times, never the unit's 40,000
    expect(read.filter((r) => r.rows > 50)).toEqual([]);

    // their student list is planned once per connection, not again at every request, among a
    // canton's instructors (each of 1,000 others holding a group of the first module)
    await db.execute(sql`with g as (
        insert into assessment_groups (module_id, name)
        select ${first}::int, 'Autre ' || n from generate_series(1, 1000) n returning id
      )
      insert into group_instructors (group_id, instructor_id)
      select g.id, p.id from (select id, row_number() over (order by id) as i from g) g
        join (select id, row_number() over (order by id) as i from profiles
          where first_name = 'Autre') p on p.i = g.i`);
    // and the canton's 20,000 other people, in every role, of 40 units
    const units: number[] = [];
    for (let u = 0; u < 40; u++) units.push((await createUnit(db)).id);
    await db.execute(sql`insert into assignments (profile_id, unit_id, role)
      select id, (${sql.param(units)}::int[])[1 + id % 40],
        (${sql.param([...ROLES])}::text[])[1 + id % ${ROLES.length}::int]
      from profiles where first_name = 'Autre'`);
    await db.execute(sql`analyze`);
    const sent = await captureQueries(db, () => client.get('/api/profiles/?roles=STUDENT'));
    const studentList = sent.find((q) => /^\s*with page as/.test(q.query));
    const { answers, genericPlans } = await runNamed(db, studentList!);
    expect(answers[0]).toHaveLength(10);
    expect(answers.slice(5)).toEqual([answers[0], answers[0], answers[0]]);
    expect(genericPlans).toBeGreaterThan(0);

    // ordered by module name, a page reads the students of its own rows, not of all 10
    const byName = await plansOf(
      async () => {
        const page = await client.get('/api/assessments/?ordering=module&limit=2');
        expect(page.json().results).toHaveLength(2);
      },
      (plan) => rowsReadWhole(plan, 'profiles'),
    );
    expect(byName.filter((r) => r.rows > 2)).toEqual([]);

    // a module's students: its own 400 assessments and the instructor's 10 are read, never each
    // student's 100 assessments nor the unit's
    const byModule = await rowsReadBy(async () => {
      const listed = await client.get(`/api/profiles/?roles=STUDENT&module=${first}`);
      expect(listed.json().count).toBe(10);
    });
    expect(byModule.filter((r) => r.rows > 410)).toEqual([]);
  });

  it("checks the missing sign-offs of the instructor's training reports only, for their home page", async () => {
    const db = t.database.db;
    const { unit, instructor, colleague, studentIds } = await unitOfTwoInstructors();
    for (let m = 0; m < 20; m++) {
      const { module } = await createModule(db, {
        unitId: unit.id,
        name: `Rapport ${m}`,
        moduleType: 'TRAINING_REPORT',
      });
      // the instructor's groups hold the first 4 modules' reports: 1,600 of the unit's 8,000
      const group = await createGroup(
        db,
        module.id,
        [m < 4 ? instructor.profile.id : colleague.profile.id],
        `Groupe ${m}`,
      );
      await db.execute(sql`insert into assessments (module_id, group_id, student_id, status, validated_at)
        select ${module.id}::int, ${group.id}::int, student_id, 'VALIDATED', now()
        from unnest(${sql.param(studentIds)}::int[]) as s(student_id)`);
    }
    await db.execute(sql`analyze`);
    const client = await t.client().login(instructor.email, TEST_PASSWORD);
    const read = await rowsReadBy(async () => {
      const awaiting = await client.get('/api/training-reports/awaiting/');
      expect(awaiting.json().signatures).toHaveLength(20);
    });
    expect(read.some((r) => /signed_roles/.test(r.query))).toBe(true);
    // the instructor's 1,600 reports are read (twice at most), never the unit's 8,000
    expect(read.filter((r) => r.rows > 3200)).toEqual([]);
  });

  it("reads the unit's own reports and their sign-offs from the module index alone, for its due reports", async () => {
    const db = t.database.db;
    /** A training report module of the unit's 400 students, validated, signed by two parties. */
    const signedReports = async (unitId: number, studentIds: number[], name: string) => {
      const { module } = await createModule(db, { unitId, name, moduleType: 'TRAINING_REPORT' });
      await db.execute(sql`with a as (
          insert into assessments (module_id, student_id, status, validated_at)
          select ${module.id}::int, student_id, 'VALIDATED', now()
          from unnest(${sql.param(studentIds)}::int[]) as s(student_id) returning id, student_id)
        insert into signatures (assessment_id, role, profile_id, assessment_version)
        select a.id, r.role, a.student_id, 1 from a,
          (values ('INSTRUCTOR'), ('STUDENT')) as r(role)`);
    };
    const ours = await unitOfTwoInstructors();
    await signedReports(ours.unit.id, ours.studentIds, 'Rapport');
    // the canton's other reports: 8,000 sign-offs the unit's list must not read
    const theirs = await unitOfTwoInstructors();
    for (let m = 0; m < 10; m++)
      await signedReports(theirs.unit.id, theirs.studentIds, `Rapport ${m}`);
    // the state autovacuum leaves: the index alone answers for the rows it marked all-visible
    await db.execute(sql`vacuum analyze assessments, signatures`);
    const manager = await createPerson(db, {
      roles: [{ role: 'COURSE_MANAGER', unitId: ours.unit.id }],
    });
    const client = await t.client().login(manager.email, TEST_PASSWORD);
    const readDue = async () => {
      const due = await client.get(`/api/training-reports/due/?unit=${ours.unit.id}`);
      expect(due.json().count).toBe(400);
    };
    const read = await rowsReadBy(readDue, new Set(['signatures']));
    expect(read.some((r) => /with unit_reports as/.test(r.query))).toBe(true);
    // what each report misses is kept on it: none of the canton's 8,800 sign-offs is read
    expect(read.filter((r) => r.rows > 0)).toEqual([]);
    // the unit's 400 reports and their sign-offs come from the module index, not the table
    const whole = await plansOf(readDue, (plan) => rowsReadWhole(plan, 'assessments'));
    expect(whole.filter((r) => /with unit_reports as/.test(r.query))).toEqual([
      expect.objectContaining({ rows: 0 }),
    ]);
  });

  it("reads only the assessment's own rows of the audit trail for its history", async () => {
    const db = t.database.db;
    const unit = await createUnit(db);
    const admin = await createPerson(db, { roles: [{ role: 'ADMIN', unitId: null }] });
    const student = await createPerson(db, { roles: [{ role: 'STUDENT', unitId: unit.id }] });
    const criteria = Array.from({ length: 20 }, (_, n) => gradeCriterion({ name: `C${n}` }));
    const { module } = await createModule(db, { unitId: unit.id, blocks: [{ criteria }] });
    const group = await createGroup(db, module.id);
    const assessment = await createAssessment(db, {
      moduleId: module.id,
      groupId: group.id,
      studentId: student.profile.id,
    });
    // the canton's other changes: 100,000 rows of other evaluations and assessments
    await db.execute(sql`insert into audit_trail (action, entity, entity_id, new_value)
      select 'update', case when n % 2 = 0 then 'criterion_evaluation' else 'assessment' end,
        1000000 + n, '{"grade": "5"}'::jsonb
      from generate_series(1, 100000) n`);
    await db.execute(sql`insert into audit_trail (action, entity, entity_id, new_value)
      select 'update', 'criterion_evaluation', e.id, '{"grade": "4"}'::jsonb
      from criterion_evaluations e where e.assessment_id = ${assessment.id}`);
    await db.execute(sql`analyze`);
    const client = await t.client().login(admin.email, TEST_PASSWORD);
    const url = `/api/assessments/${assessment.id}/history/`;
    expect((await client.get(url)).json().count).toBe(20);
    const read = await rowsReadBy(async () => {
      expect((await client.get(url)).statusCode).toBe(200);
    });
    expect(read.some((r) => /audit_trail/.test(r.query))).toBe(true);
    expect(read.filter((r) => r.rows > 200)).toEqual([]);
  });

  it("plans a unit's people list for its real size right after a large import", async () => {
    const db = t.database.db;
    const unit = await createUnit(db);
    const admin = await createPerson(db, { roles: [{ role: 'UNIT_ADMIN', unitId: unit.id }] });
    const client = await t.client().login(admin.email, TEST_PASSWORD);
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      first_name: `Élève${i}`,
      last_name: 'Import',
      email: `import.${i}@example.ch`,
    }));
    const imported = await client.post('/api/profiles/import/', {
      unit: unit.id,
      role: 'STUDENT',
      rows,
    });
    expect(imported.statusCode).toBe(201);
    const read = await rowsReadBy(
      async () => {
        const listed = await client.get(`/api/profiles/?roles=STUDENT&unit=${unit.id}`);
        expect(listed.json().count).toBe(3000);
      },
      new Set(['assignments', 'profiles']),
    );
    // a pass over the tables (23,000 profiles by now), never 3,000 × 3,000 as the planner's guess
    // of a few rows before ANALYZE had it
    expect(read.filter((r) => r.rows > 100_000)).toEqual([]);
  });

  it("sorts a course manager's people by name from an index, reading only the page's rows whole", async () => {
    const db = t.database.db;
    const { unit, studentIds } = await unitOfTwoInstructors();
    const manager = await createPerson(db, {
      roles: [{ role: 'COURSE_MANAGER', unitId: unit.id }],
    });
    // the state autovacuum leaves: the index alone answers for the rows it marked all-visible
    await db.execute(sql`vacuum analyze profiles`);
    const client = await t.client().login(manager.email, TEST_PASSWORD);
    const read = await plansOf(
      async () => {
        const listed = await client.get('/api/profiles/?limit=25');
        expect(listed.json().count).toBe(studentIds.length + 3);
        expect(listed.json().results).toHaveLength(25);
      },
      (plan) => rowsReadWhole(plan, 'profiles'),
    );
    const list = read.filter((r) => /count\(\*\) over/.test(r.query));
    expect(list).toHaveLength(1);
    // 403 people in the unit's list, 25 on its page
    expect(list[0]!.rows).toBeLessThanOrEqual(25);
  });

  it("reads the profiles of a manager's students only for their student list, not of everyone in the unit", async () => {
    const db = t.database.db;
    const { unit, studentIds } = await unitOfTwoInstructors();
    // the students' legal representatives, in the unit too: the manager sees them, the list not
    await db.execute(sql`with r as (
        insert into profiles (first_name, last_name)
        select 'Parent', 'Plan ' || n from generate_series(1, 400) n returning id)
      insert into assignments (profile_id, unit_id, role)
      select id, ${unit.id}, 'LEGAL_REPRESENTATIVE' from r`);
    const manager = await createPerson(db, {
      roles: [{ role: 'COURSE_MANAGER', unitId: unit.id }],
    });
    await db.execute(sql`vacuum analyze profiles, assignments`);
    const client = await t.client().login(manager.email, TEST_PASSWORD);
    const read = await plansOf(
      async () => {
        const listed = await client.get('/api/profiles/?roles=STUDENT&status=ACTIVE&limit=25');
        expect(listed.json().count).toBe(studentIds.length);
      },
      (plan) => rowsReadWhole(plan, 'profiles'),
    );
    const list = read.filter((r) => /count\(\*\) over/.test(r.query));
    expect(list).toHaveLength(1);
    // the 400 students and the page's 25, never the unit's 800 people and more
    expect(list[0]!.rows).toBeLessThanOrEqual(425);
  });

  it("counts an admin's people from the tallies, reading only the page's profiles", async () => {
    const db = t.database.db;
    const admin = await createPerson(db, { roles: [{ role: 'ADMIN', unitId: null }] });
    await db.execute(sql`insert into profiles (first_name, last_name, status)
      select 'Canton', 'Personne ' || n, case when n % 10 = 0 then 'ARCHIVED' else 'ACTIVE' end
      from generate_series(1, 20000) n`);
    await db.execute(sql`analyze`);
    const [all] = await rowsOf<{ n: number; archived: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where status = 'ARCHIVED')::int as archived
        from profiles`,
    );
    const client = await t.client().login(admin.email, TEST_PASSWORD);
    const read = await rowsReadBy(
      async () => {
        expect((await client.get('/api/profiles/?limit=25')).json().count).toBe(all!.n);
      },
      new Set(['profiles']),
    );
    expect(read.filter((r) => /profile_tallies/.test(r.query))).toHaveLength(1);
    // a page of 25, never the 20,000
    expect(read.filter((r) => r.rows > 100)).toEqual([]);
    const byStatus = await captureQueries(db, async () => {
      const archived = await client.get('/api/profiles/?limit=25&status=ARCHIVED');
      expect(archived.json().count).toBe(all!.archived);
    });
    expect(byStatus.filter((q) => /profile_tallies/.test(q.query))).toHaveLength(1);
    expect(byStatus.filter((q) => /count\(\*\)/.test(q.query))).toEqual([]);

    // the students page: the canton's active students counted from the tallies of roles
    const unit = await createUnit(db);
    await db.execute(sql`insert into assignments (profile_id, unit_id, role)
      select id, ${unit.id}::int, 'STUDENT' from profiles where first_name = 'Canton'`);
    await db.execute(sql`analyze assignments`);
    const [students] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from profiles p where p.status = 'ACTIVE'
        and exists (select 1 from assignments a where a.profile_id = p.id and a.role = 'STUDENT')`,
    );
    const studentsPage = await rowsReadBy(
      async () => {
        const page = await client.get('/api/profiles/?limit=25&roles=STUDENT&status=ACTIVE');
        expect(page.json().count).toBe(students!.n);
      },
      new Set(['profiles', 'assignments']),
    );
    expect(studentsPage.filter((r) => /role_tallies/.test(r.query))).toHaveLength(1);
    expect(studentsPage.filter((r) => r.rows > 100)).toEqual([]);
  });

  it("finds an admin's page of a rare status, or in another order, without sorting everyone", async () => {
    const db = t.database.db;
    const admin = await createPerson(db, { roles: [{ role: 'ADMIN', unitId: null }] });
    await db.execute(sql`insert into profiles (first_name, last_name, email, status, created_at)
      select 'Prénom ' || (n * 7919 % 20000), 'Ordre ' || n, 'o' || (n * 104729 % 20000) || '@x.ch',
        case when n % 4000 = 0 then 'ARCHIVED' else 'ACTIVE' end,
        '2020-01-01'::timestamptz + n * interval '1 minute'
      from generate_series(1, 20000) n`);
    await db.execute(sql`analyze`);
    const client = await t.client().login(admin.email, TEST_PASSWORD);
    for (const query of [
      'status=ARCHIVED',
      'ordering=email',
      'ordering=-email',
      'ordering=first_name',
      'ordering=created_at',
    ]) {
      const read = await rowsReadBy(
        async () => {
          const page = await client.get(`/api/profiles/?limit=25&${query}`);
          expect(page.json().results.length).toBeGreaterThan(0);
        },
        new Set(['profiles']),
      );
      // a page of 25 and the names that break its ties, never the 20,000
      expect({ query, over: read.filter((r) => r.rows > 100) }).toEqual({ query, over: [] });
    }
  });

  it('reads the matches of a search, not the names of the canton before them', async () => {
    const db = t.database.db;
    const { unit, studentIds } = await unitOfTwoInstructors();
    const admin = await createPerson(db, { roles: [{ role: 'ADMIN', unitId: null }] });
    const manager = await createPerson(db, {
      roles: [{ role: 'COURSE_MANAGER', unitId: unit.id }],
    });
    // 5,000 people last in the order of names, after a canton's 100,000 others: one in twenty,
    // whom the planner expected every twenty names of a walk in that order
    await db.execute(sql`insert into profiles (first_name, last_name)
      select 'Prénom', 'Zürcher ' || n from generate_series(1, 5000) n`);
    await db.execute(sql`insert into profiles (first_name, last_name)
      select 'Canton', 'Personne ' || n from generate_series(1, 100000) n`);
    await db.execute(sql`analyze`);
    const profilesOnly = new Set(['profiles']);
    const adminClient = await t.client().login(admin.email, TEST_PASSWORD);
    const found = await rowsReadBy(async () => {
      const page = await adminClient.get('/api/profiles/?search=zurcher&limit=20');
      expect(page.json().count).toBe(5000);
      expect(page.json().results[0].last_name).toBe('Zürcher 1');
    }, profilesOnly);
    // the 5,000 matches, never the 100,000 names ordered before them
    expect(found.filter((r) => r.rows > 20_000)).toEqual([]);
    // counted as they are, not each kept again beside its count (a window over the matches)
    const windows = await plansOf(
      () => adminClient.get('/api/profiles/?search=zurcher&limit=20'),
      (plan) => nodesOfType(plan, 'WindowAgg'),
    );
    expect(windows.filter((r) => /search_text/.test(r.query) && r.rows > 0)).toEqual([]);

    // a manager's one letter: the unit's 400 students and staff, whatever plan the words get
    const managerClient = await t.client().login(manager.email, TEST_PASSWORD);
    const byLetter = await genericPlansOf(
      async () => {
        const page = await managerClient.get('/api/profiles/?search=e&limit=20');
        expect(page.json().count).toBe(studentIds.length + 3);
      },
      (plan) => rowsRead(plan, profilesOnly),
    );
    expect(byLetter.filter((r) => /search_text/.test(r.query))).toHaveLength(1);
    expect(byLetter.filter((r) => r.rows > 1000)).toEqual([]);
  });
});
