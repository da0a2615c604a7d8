/**
 * A canton-sized dataset, written straight into PostgreSQL with INSERT … SELECT generate_series:
 * at scale 1, 45,000 students (born 2004–2011, each with a legal representative), 15,000 staff
 * profiles, 300 templates of 40 criteria, 3,000 modules and 360,000 assessments (14.4 million
 * criterion evaluations), the validated training reports signed off but one in twenty.
 * Deterministic: the same scale gives the same rows. Adds the fixtures the benchmark reads: an
 * ADMIN login and an assessment of 100 criteria.
 *
 *   DATABASE_URL=postgres://… node bench/generate.ts --scale 0.01
 */
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';

export const BENCH_ADMIN = {
  email: 'admin@bench.example.ch',
  password: 'bench-Passwort-2026',
  /** the key of the admin's authenticator app: the role requires a second factor */
  totpSecret: 'BENCHADMINSECONDFACTORKEYABCDEFG',
};

export interface Dataset {
  units: number;
  students: number;
  staff: number;
  templates: number;
  modules: number;
  perModule: number;
  assessments: number;
  /** the assessment of 100 criteria, and the student whose grade summary is read */
  detailAssessmentId: number;
  summaryStudentId: number;
  /** a module of unit 1 with its class (perModule students in the instructor's group) */
  classModuleId: number;
  /** sign-in addresses (BENCH_ADMIN's password): unit 1's first instructor and course manager */
  instructorEmail: string;
  courseManagerEmail: string;
  /** a course manager of units 2 to 6: five units' students (3,750 at scale 0.1 and at 1) */
  bigUnitsManagerEmail: string;
  /** criterion evaluations the instructor may change, one assessment each (the PATCH calls) */
  patchEvaluationIds: number[];
  /** the assessments of each signed-in reader's own units (the admin's: all of them) */
  reach: Reach;
}

/**
 * How many assessments lie in each reader's own groups or units: what a list may have to read
 * when its cost cannot follow the page (the students at risk of five units). Below scale 0.1 the
 * units are smaller, so a reader's reach grows with the scale too.
 */
export interface Reach {
  instructor: number;
  'course manager': number;
  'course manager of 5 units': number;
}

/** The sizes at a scale; at least a few of everything so every query has rows to read. */
export function sizes(scale: number) {
  const units = Math.max(3, Math.round(60 * scale));
  const students = Math.max(units * 4, Math.round(45_000 * scale));
  const staff = Math.max(6 * units + 6, Math.round(15_000 * scale));
  const templates = Math.max(4, Math.round(300 * scale));
  const modules = Math.max(templates, Math.round(3_000 * scale));
  const perUnit = Math.floor(students / units);
  const perModule = Math.max(1, Math.min(Math.ceil((360_000 * scale) / modules), perUnit));
  return { units, students, staff, templates, modules, perModule, perUnit };
}

/**
 * Module grades as a class gets them: mostly 4 to 5.5, one in twenty insufficient (3 or 3.5), one
 * in twenty a 6. Picked by a hash of module and place, so each student's grades vary.
 */
const GRADE_SPREAD = [
  ...[3, 3.5],
  ...Array<number>(6).fill(4),
  ...Array<number>(12).fill(4.5),
  ...Array<number>(12).fill(5),
  ...Array<number>(6).fill(5.5),
  ...[6, 6],
];

const BLOCKS = 4;
const CRITERIA = 10; // per block: 40 per template
const BIG_BLOCKS = 5;
const BIG_CRITERIA = 20; // the detail fixture: 100 criteria

const FIRST = [
  'Léa',
  'Noah',
  'Mia',
  'Luca',
  'Emma',
  'Elias',
  'Giulia',
  'Matteo',
  'Chloé',
  'Jonas',
  'Sofia',
  'Nathan',
];
const LAST = [
  'Müller',
  'Favre',
  'Rossi',
  'Keller',
  'Bonvin',
  'Meier',
  'Bernasconi',
  'Huber',
  'Rochat',
  'Brunner',
  'Galli',
  'Schmid',
  'Monnier',
  'Steiner',
];
const arr = (items: string[]) =>
  `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** The criterion of position c (1..n) in a block: a mix of the presets teachers use. */
const CRITERION_COLUMNS = (c: string) => `
  (${c} % 5 in (0, 1, 4)) as has_evaluation,
  (${c} % 5 = 3) as has_text_input,
  (${c} % 5 = 4) as has_progression,
  case when ${c} % 5 = 4 then '["TAUGHT","PRACTICED"]'::jsonb else '[]'::jsonb end as flags,
  case when ${c} % 5 = 2 then '{"min":"1","max":"6","step":"0.5","weight":"1"}'::jsonb end as grade`;

/** Evaluation values of criterion c in assessment a, and their points (GOOD 2, SUFFICIENT 1.2…). */
const EVALUATION_COLUMNS = (a: string, c: string) => `
  case when ${c} % 5 in (0, 1, 4) then (array['GOOD','GOOD','SUFFICIENT','SUFFICIENT','INSUFFICIENT'])[1 + (${a} * 31 + ${c} * 17) % 5] end,
  case when ${c} % 5 = 3 then 'Travail soigné, bonne autonomie.' end,
  case when ${c} % 5 = 4 then '["TAUGHT"]'::jsonb else '[]'::jsonb end,
  case when ${c} % 5 = 2 then 1 + ((${a} + ${c}) % 11) * 0.5 end,
  case when ${c} % 5 in (0, 1, 4) then (array[2, 2, 1.2, 1.2, 0])[1 + (${a} * 31 + ${c} * 17) % 5]
       when ${c} % 5 = 2 then ((${a} + ${c}) % 11) * 0.2 end,
  case when ${c} % 5 = 0 then (array['UP','STABLE','DOWN'])[1 + ${a} % 3] end`;

export async function generate(
  databaseUrl: string,
  scale: number,
  log = console.log,
): Promise<Dataset> {
  const database = openDatabase({ databaseUrl });
  await database.migrate();
  await database.close();
  const n = sizes(scale);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const passwordHash = await hash(BENCH_ADMIN.password);
  // after the students, the staff and the admin (addFixtures)
  const representatives = n.students + n.staff + 1;
  const steps: [string, string][] = [
    [
      'units',
      `insert into units (id, name, code) select u, 'Unité ' || u, 'U' || u from generate_series(1, ${n.units}) u`,
    ],
    [
      'profiles',
      `insert into profiles (id, first_name, last_name, email, kind, language, birth_date)
      select i, (${arr(FIRST)})[1 + i % ${FIRST.length}], (${arr(LAST)})[1 + (i / 7) % ${LAST.length}] || ' ' || i,
        'p' || i || '@bench.example.ch',
        case when i <= ${n.students} then 'FEDERAL_VET_DIPLOMA_3_YEARS' end,
        (array['fr','de','it'])[1 + i % 3],
        -- born September 2004 to August 2011: about half are minors when their reports are
        -- validated; by the student's place in their unit, (i-1) / U, the same at every scale
        case when i <= ${n.students} then to_char(date '2004-09-01' + ((i - 1) / ${n.units} * 37) % 2555, 'YYYY-MM-DD') end
      from generate_series(1, ${n.students + n.staff}) i`,
    ],
    // student i's legal representative: profile R + i, in the student's unit
    [
      'legal representatives',
      `with r as (
        insert into profiles (id, first_name, last_name, email, language)
        select ${representatives} + i, 'Parent', (${arr(LAST)})[1 + (i / 7) % ${LAST.length}] || ' ' || i,
          'r' || i || '@bench.example.ch', (array['fr','de','it'])[1 + i % 3]
        from generate_series(1, ${n.students}) i returning id),
      a as (insert into assignments (profile_id, unit_id, role)
        select id, 1 + (id - ${representatives} - 1) % ${n.units}, 'LEGAL_REPRESENTATIVE' from r)
      insert into legal_representatives (student_id, representative_id)
      select id - ${representatives}, id from r`,
    ],
    // students 1..S, in unit 1 + (i-1) % U; staff S+1.., k = i-S-1: role by k % 6, unit 1 + (k/6) % U
    [
      'assignments',
      `insert into assignments (profile_id, unit_id, role)
      select i, 1 + (i - 1) % ${n.units}, 'STUDENT' from generate_series(1, ${n.students}) i
      union all
      select ${n.students} + 1 + k, 1 + (k / 6) % ${n.units},
        (array['INSTRUCTOR','ENTERPRISE_INSTRUCTOR','INSTRUCTOR','COURSE_MANAGER','INSTRUCTOR','UNIT_ADMIN'])[1 + k % 6]
      from generate_series(0, ${n.staff - 1}) k`,
    ],
    // template t is the r-th of unit 1 + (t-1) % U, r = (t-1) / U; its type follows r, so that a
    // unit holds the same mix at every scale (two training reports, a course, a plan, an IPRE)
    [
      'templates',
      `insert into module_templates (id, template_name, module_type, language, rounding_formula, graded, unit_id)
      select t, 'Modèle ' || t,
        (array['INTERCOMPANY_COURSE','TRAINING_REPORT','TRAINING_PLAN','IPRE_SHEET'])[1 + ((t - 1) / ${n.units} + 1) % 4],
        (array['fr','de','it'])[1 + t % 3], 'HALF', ((t - 1) / ${n.units} + 1) % 4 <> 2, 1 + (t - 1) % ${n.units}
      from generate_series(1, ${n.templates}) t`,
    ],
    [
      'block templates',
      `insert into criterion_block_templates (id, template_id, "order", name, reference, grading_formula)
      select (t - 1) * ${BLOCKS} + b, t, b, 'Bloc ' || b, chr(64 + b), 'OVER_FIVE_PLUS_ONE_ROUND'
      from generate_series(1, ${n.templates}) t, generate_series(1, ${BLOCKS}) b`,
    ],
    [
      'criterion templates',
      `insert into criterion_templates (id, block_id, "order", name, has_evaluation, has_text_input, has_progression, flags, grade)
      select ((t - 1) * ${BLOCKS} + b - 1) * ${CRITERIA} + c, (t - 1) * ${BLOCKS} + b, c, 'Critère ' || b || '.' || c, ${CRITERION_COLUMNS('c')}
      from generate_series(1, ${n.templates}) t, generate_series(1, ${BLOCKS}) b, generate_series(1, ${CRITERIA}) c`,
    ],
    // module m is the j-th instance of template 1 + (m-1) % T, j = (m-1) / T, in that template's
    // unit; its days follow j and the template's rank in the unit, so that a unit's calendar is
    // the same at every scale: its modules end every 6 days over the last 300
    [
      'modules',
      `insert into modules (id, name, template_id, module_type, language, rounding_formula, graded, unit_id, start_date, end_date)
      select m, t.template_name || ' – ' || m, t.id, t.module_type, t.language, t.rounding_formula, t.graded, t.unit_id,
        to_char(current_date - 330 + d.day, 'YYYY-MM-DD'), to_char(current_date - 300 + d.day, 'YYYY-MM-DD')
      from generate_series(1, ${n.modules}) m join module_templates t on t.id = 1 + (m - 1) % ${n.templates}
        cross join lateral (select ((m - 1) / ${n.templates} * 30 + (t.id - 1) / ${n.units} * 6) % 300 as day) d`,
    ],
    [
      'module blocks',
      `insert into module_blocks (id, module_id, source_block_id, "order", name, reference, grading_formula)
      select (m - 1) * ${BLOCKS} + b, m, (1 + (m - 1) % ${n.templates} - 1) * ${BLOCKS} + b, b, 'Bloc ' || b, chr(64 + b), 'OVER_FIVE_PLUS_ONE_ROUND'
      from generate_series(1, ${n.modules}) m, generate_series(1, ${BLOCKS}) b`,
    ],
    [
      'module criteria',
      `insert into module_criteria (id, module_id, block_id, source_criterion_id, "order", name, has_evaluation, has_text_input, has_progression, flags, grade)
      select ((m - 1) * ${BLOCKS} + b - 1) * ${CRITERIA} + c, m, (m - 1) * ${BLOCKS} + b, null, c, 'Critère ' || b || '.' || c, ${CRITERION_COLUMNS('c')}
      from generate_series(1, ${n.modules}) m, generate_series(1, ${BLOCKS}) b, generate_series(1, ${CRITERIA}) c`,
    ],
    [
      'groups',
      `insert into assessment_groups (id, module_id, name) select m, m, 'Groupe ' || m from generate_series(1, ${n.modules}) m`,
    ],
    // the first INSTRUCTOR of the module's unit: staff k = 6 * (unit - 1)
    [
      'group instructors',
      `insert into group_instructors (group_id, instructor_id)
      select m.id, ${n.students} + 1 + 6 * (m.unit_id - 1) from modules m`,
    ],
    // assessment a = (m-1)*P + k + 1: the student j = (k + 7l) % perUnit of the module's unit, l
    // = (m-1) / U the module's place in its unit; status and grade follow l too, so that a unit's
    // students, reports and grades are the same at every scale
    [
      'assessments',
      `insert into assessments (id, module_id, group_id, student_id, status, grade, validated_at, closed_at)
      select (m.id - 1) * ${n.perModule} + k + 1, m.id, m.id,
        m.unit_id + ${n.units} * ((k + 7 * l.place) % ${n.perUnit}),
        (array['IN_PROGRESS','VALIDATED','CLOSED'])[1 + (l.place + k) % 3],
        case when m.graded then (array[${GRADE_SPREAD}])[1 + (l.place * 13 + k * 7) % ${GRADE_SPREAD.length}] end,
        case when (l.place + k) % 3 > 0 then timestamptz '2026-01-15 10:00:00+00' end,
        case when (l.place + k) % 3 = 2 then timestamptz '2026-02-01 10:00:00+00' end
      from modules m cross join lateral (select (m.id - 1) / ${n.units} as place) l,
        generate_series(0, ${n.perModule - 1}) k`,
    ],
    // the sign-offs of validated training reports, one in twenty still awaiting all its parties;
    // the legal representative signs while the student was a minor on the validation day
    [
      'sign-offs',
      `insert into signatures (assessment_id, role, profile_id, signed_at, assessment_version)
      select a.id, r.role,
        case r.role when 'INSTRUCTOR' then gi.instructor_id when 'STUDENT' then a.student_id
          else ${representatives} + a.student_id end,
        a.validated_at + interval '2 days', a.version
      from assessments a join modules m on m.id = a.module_id and m.module_type = 'TRAINING_REPORT'
        join group_instructors gi on gi.group_id = a.group_id
        join profiles p on p.id = a.student_id
        cross join (values ('INSTRUCTOR'), ('STUDENT'), ('LEGAL_REPRESENTATIVE')) r(role)
      where a.status <> 'IN_PROGRESS' and a.id % 20 <> 0
        and (r.role <> 'LEGAL_REPRESENTATIVE' or p.birth_date::date + interval '18 years'
          > (a.validated_at at time zone 'Europe/Zurich')::date)`,
    ],
    // explicit ids and no ORDER BY: no sort and no sequence call for millions of rows
    [
      'block evaluations',
      `insert into block_evaluations (id, assessment_id, block_id, grade)
      select (a.id - 1) * ${BLOCKS} + b, a.id, (a.module_id - 1) * ${BLOCKS} + b,
        case when a.grade is not null then 1 + ((a.id + b) % 11) * 0.5 end
      from assessments a, generate_series(1, ${BLOCKS}) b`,
    ],
    [
      'criterion evaluations',
      `insert into criterion_evaluations (id, assessment_id, criterion_id, evaluation, text, progression, grade, points, trend)
      select ((a.id - 1) * ${BLOCKS} + b - 1) * ${CRITERIA} + c, a.id, ((a.module_id - 1) * ${BLOCKS} + b - 1) * ${CRITERIA} + c,
        ${EVALUATION_COLUMNS('a.id', 'c')}
      from assessments a, generate_series(1, ${BLOCKS}) b, generate_series(1, ${CRITERIA}) c`,
    ],
  ];
  const total = performance.now();
  await client.query('begin');
  await skipForeignKeyChecks(client, log);
  for (const [name, statement] of steps) {
    const started = performance.now();
    const result = await client.query(statement);
    log(`  ${name}: ${result.rowCount} rows in ${Math.round(performance.now() - started)} ms`);
  }
  const fixtures = await addFixtures(client, n, passwordHash);
  const reach = await countReach(client, n);
  // the bulk load skipped the triggers (replica role): the falling grades, the profile and
  // role tallies and the reports' signed roles they keep, at once; the kept at-risk reasons at
  // the first list
  const started = performance.now();
  await client.query(
    `select refresh_falling_grades(array(select generate_series(1, ${n.students})))`,
  );
  log(`  falling grades: ${Math.round(performance.now() - started)} ms`);
  await client.query('select recount_profile_tallies()');
  await client.query('select recount_role_tallies()');
  await client.query('delete from risk_reasons_state');
  await client.query(
    'select refresh_signed_roles(array(select distinct assessment_id from signatures))',
  );
  await resetSequences(client);
  await client.query('commit');
  // vacuumed now, or autovacuum would read the millions of new rows during the measurement
  await client.query('vacuum (analyze)');
  // and written out now, or the checkpoint would write gigabytes during the measurement
  await client
    .query('checkpoint')
    .catch(() => log('  (no right to CHECKPOINT: measured while it writes)'));
  await client.end();
  log(`  dataset generated in ${Math.round(performance.now() - total)} ms`);
  return {
    units: n.units,
    students: n.students,
    staff: n.staff,
    templates: n.templates,
    modules: n.modules,
    perModule: n.perModule,
    assessments: n.modules * n.perModule,
    ...fixtures,
    reach,
  };
}

/** The readers' reach (Reach), counted in the generated rows. */
async function countReach(client: pg.Client, n: ReturnType<typeof sizes>): Promise<Reach> {
  const count = async (where: string) => {
    const result = await client.query<{ count: string }>(
      `select count(*) from assessments a join modules m on m.id = a.module_id where ${where}`,
    );
    return Number(result.rows[0]!.count);
  };
  const managed = (profileId: number) =>
    `m.unit_id in (select unit_id from assignments
      where profile_id = ${profileId} and role = 'COURSE_MANAGER')`;
  return {
    instructor: await count(
      `a.group_id in (select group_id from group_instructors where instructor_id = ${n.students + 1})`,
    ),
    'course manager': await count(managed(n.students + 4)),
    'course manager of 5 units': await count(managed(n.students + 10)),
  };
}

/** The ADMIN login and one assessment of 100 criteria (5 blocks of 20) for student 1. */
async function addFixtures(client: pg.Client, n: ReturnType<typeof sizes>, passwordHash: string) {
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  const user = await q(
    `insert into users (email, password_hash, data_processing_accepted_at, language) values ($1, $2, now(), 'fr') returning id`,
    [BENCH_ADMIN.email, passwordHash],
  );
  const adminProfile = n.students + n.staff + 1;
  await q(
    `insert into profiles (id, first_name, last_name, email, language, user_id) values ($1, 'Anne', 'Admin', $2, 'fr', $3)`,
    [adminProfile, BENCH_ADMIN.email, user.rows[0].id],
  );
  await q(`insert into assignments (profile_id, unit_id, role) values ($1, null, 'ADMIN')`, [
    adminProfile,
  ]);
  await q(
    `insert into second_factors (user_id, kind, label, totp_secret) values ($1, 'TOTP', 'Bench', $2)`,
    [user.rows[0].id, BENCH_ADMIN.totpSecret],
  );
  const template = n.templates + 1;
  const module = n.modules + 1;
  const firstBlock = n.modules * BLOCKS;
  const firstCriterion = n.modules * BLOCKS * CRITERIA;
  await q(`insert into module_templates (id, template_name, module_type, language, rounding_formula, graded, unit_id)
    values (${template}, 'Cours interentreprises – 100 critères', 'INTERCOMPANY_COURSE', 'fr', 'HALF', true, 1)`);
  await q(`insert into modules (id, name, template_id, module_type, language, rounding_formula, graded, unit_id, start_date, end_date)
    values (${module}, 'CIE – 100 critères', ${template}, 'INTERCOMPANY_COURSE', 'fr', 'HALF', true, 1, '2026-03-02', '2026-03-06')`);
  await q(`insert into module_blocks (id, module_id, "order", name, reference, grading_formula, coefficient)
    select ${firstBlock} + b, ${module}, b, 'Compétence ' || b, chr(64 + b),
      (array['OVER_FIVE_PLUS_ONE_ROUND','AVERAGE'])[1 + b % 2], 1 from generate_series(1, ${BIG_BLOCKS}) b`);
  await q(`insert into module_criteria (id, module_id, block_id, "order", name, has_evaluation, has_text_input, has_progression, flags, grade)
    select ${firstCriterion} + (b - 1) * ${BIG_CRITERIA} + c, ${module}, ${firstBlock} + b, c, 'Critère ' || b || '.' || c, ${CRITERION_COLUMNS('c')}
    from generate_series(1, ${BIG_BLOCKS}) b, generate_series(1, ${BIG_CRITERIA}) c`);
  await q(
    `insert into assessment_groups (id, module_id, name) values (${module}, ${module}, 'Groupe 100')`,
  );
  await q(
    `insert into group_instructors (group_id, instructor_id) values (${module}, ${n.students + 1})`,
  );
  const assessment = n.modules * n.perModule + 1;
  await q(`insert into assessments (id, module_id, group_id, student_id, status, grade, comment)
    values (${assessment}, ${module}, ${module}, 1, 'IN_PROGRESS', 4.5, 'Bon travail dans l''ensemble.')`);
  await q(`insert into block_evaluations (id, assessment_id, block_id, grade, comment)
    select ${(assessment - 1) * BLOCKS} + b, ${assessment}, ${firstBlock} + b, 4 + (b % 3) * 0.5, 'Bloc ' || b from generate_series(1, ${BIG_BLOCKS}) b`);
  await q(`insert into criterion_evaluations (id, assessment_id, criterion_id, evaluation, text, progression, grade, points, trend)
    select ${(assessment - 1) * BLOCKS * CRITERIA} + (b - 1) * ${BIG_CRITERIA} + c, ${assessment}, ${firstCriterion} + (b - 1) * ${BIG_CRITERIA} + c, ${EVALUATION_COLUMNS(String(assessment), 'c')}
    from generate_series(1, ${BIG_BLOCKS}) b, generate_series(1, ${BIG_CRITERIA}) c`);
  const instructor = await addLogin(client, n.students + 1, passwordHash);
  const courseManager = await addLogin(client, n.students + 4, passwordHash);
  // staff k = 9 manages unit 2's courses (k % 6 = 3); here units 3 to 6 as well: five units at
  // both scales the benchmark compares (a tenth of the canton has six)
  const bigUnitsManager = await addLogin(client, n.students + 10, passwordHash);
  await q(
    `insert into assignments (profile_id, unit_id, role)
    select $1, u, 'COURSE_MANAGER' from generate_series(3, least(6, ${n.units})) u`,
    [n.students + 10],
  );
  // the first criterion of each assessment has an evaluation (CRITERION_COLUMNS: 1 % 5 = 1)
  const patchable = await q(
    `select (a.id - 1) * ${BLOCKS * CRITERIA} + 1 as id from assessments a
       join modules m on m.id = a.module_id
     where m.unit_id = 1 and a.status = 'IN_PROGRESS' and a.id <> $1
     order by a.id limit 20`,
    [assessment],
  );
  const classModule = await q(`select min(id) as id from modules where unit_id = 1 and id <> $1`, [
    module,
  ]);
  return {
    detailAssessmentId: assessment,
    summaryStudentId: 1,
    classModuleId: classModule.rows[0].id,
    instructorEmail: instructor,
    courseManagerEmail: courseManager,
    bigUnitsManagerEmail: bigUnitsManager,
    patchEvaluationIds: patchable.rows.map((row: { id: number }) => row.id),
  };
}

/** A login with BENCH_ADMIN's password for a generated profile; answers its address. */
async function addLogin(client: pg.Client, profileId: number, passwordHash: string) {
  const email = `p${profileId}@bench.example.ch`;
  const user = await client.query(
    `insert into users (email, password_hash, data_processing_accepted_at, language)
     values ($1, $2, now(), 'fr') returning id`,
    [email, passwordHash],
  );
  await client.query('update profiles set user_id = $2 where id = $1', [
    profileId,
    user.rows[0].id,
  ]);
  return email;
}

/**
 * The rows are consistent by construction: skipping the per-row foreign key triggers makes the
 * bulk load several times faster. Needs a superuser; otherwise the keys are checked as usual.
 */
async function skipForeignKeyChecks(client: pg.Client, log: (line: string) => void) {
  try {
    await client.query('savepoint replica');
    await client.query('set local session_replication_role = replica');
  } catch {
    await client.query('rollback to savepoint replica');
    log('  (not a superuser: foreign keys checked row by row, slower)');
  }
}

/** Every serial sequence set past the ids written by hand. */
async function resetSequences(client: pg.Client) {
  const { rows } = await client.query<{ table_name: string }>(
    `select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'id' and column_default like 'nextval%'`,
  );
  for (const { table_name: table } of rows) {
    await client.query(
      `select setval(pg_get_serial_sequence('"${table}"', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
    );
  }
}

if (import.meta.main) {
  const scaleArg = process.argv.indexOf('--scale');
  const scale = Number(scaleArg > 0 ? process.argv[scaleArg + 1] : (process.env.BENCH_SCALE ?? 1));
  const url = process.env.DATABASE_URL;
  if (!url || !(scale > 0)) {
    console.error('usage: DATABASE_URL=postgres://… node bench/generate.ts --scale 0.01');
    process.exit(2);
  }
  const dataset = await generate(url, scale);
  console.log(dataset);
}
