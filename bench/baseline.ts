/**
 * The raw baseline of the benchmark: plain node:http and pg, hand-written SQL (prepared
 * statements), the same JSON as our endpoints for an ADMIN reader, and the same session check
 * (one indexed lookup of the hashed cookie, idle and absolute expiry, active user). It answers
 * only the three benchmarked endpoints; any other reader than ADMIN gets 404.
 *
 *   DATABASE_URL=postgres://… PORT=0 node bench/baseline.ts   → prints "LISTENING <port>"
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { acceptsEvaluationChanges, transition } from '../domain/assessment-states.ts';
import type { AssessmentStatus, ModuleStatus } from '../domain/constants.ts';

const IDLE_MS = 120 * 60_000;
const MAX_MS = 12 * 3_600_000;

type Row = Record<string, unknown>;

export function baselineHandler(pool: pg.Pool) {
  const query = async (name: string, text: string, values: unknown[]) =>
    (await pool.query({ name, text, values })).rows as Row[];

  async function isAdmin(request: IncomingMessage): Promise<boolean | null> {
    const cookie = /(?:^|;\s*)sessionid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!cookie) return null;
    const idHash = createHash('sha256').update(cookie).digest('hex');
    const [row] = await query(
      'session',
      `select u.is_active, s.last_seen_at, s.created_at,
         array(select a.role from assignments a where a.profile_id = p.id) as roles
       from sessions s join users u on u.id = s.user_id left join profiles p on p.user_id = u.id
       where s.id_hash = $1`,
      [idHash],
    );
    const now = Date.now();
    if (
      !row ||
      !row.is_active ||
      now - (row.last_seen_at as Date).getTime() > IDLE_MS ||
      now - (row.created_at as Date).getTime() > MAX_MS
    )
      return null;
    return (row.roles as string[]).includes('ADMIN');
  }

  return async (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      const json = JSON.stringify(body);
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(json),
      });
      response.end(json);
    };
    try {
      const url = new URL(request.url ?? '/', 'http://local');
      const admin = await isAdmin(request);
      if (admin === null) return send(401, { detail: 'Not signed in.' });
      if (!admin) return send(404, { detail: 'Not found.' });
      let match = /^\/api\/assessments\/(\d+)\/$/.exec(url.pathname);
      if (match) return sendOrNotFound(send, await assessmentDetail(query, Number(match[1])));
      match = /^\/api\/profiles\/(\d+)\/grade-summary\/$/.exec(url.pathname);
      if (match) return sendOrNotFound(send, await gradeSummary(query, Number(match[1])));
      if (url.pathname === '/api/profiles/') return send(200, await profileList(query, url));
      send(404, { detail: 'Not found.' });
    } catch (error) {
      console.error(error);
      send(500, { detail: 'Server error.' });
    }
  };
}

const sendOrNotFound = (send: (s: number, b: unknown) => void, body: unknown) =>
  body ? send(200, body) : send(404, { detail: 'Not found.' });

type Query = (name: string, text: string, values: unknown[]) => Promise<Row[]>;

const person = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { id, first_name: first ?? '', last_name: last ?? '' };
const iso = (value: unknown) => (value == null ? null : (value as Date).toISOString());

async function assessmentDetail(query: Query, id: number) {
  const [headers, blocks, criteria] = await Promise.all([
    query(
      'detail_header',
      `select a.id, a.status, trim_scale(a.grade)::text as grade, a.version, a.comment,
         a.is_included_in_grade_summary, a.validated_at, a.closed_at, a.created_at, a.updated_at,
         m.id as m_id, m.name as m_name, m.module_type, m.status as m_status, m.graded,
         m.rounding_formula, m.unit_id, m.start_date, m.end_date, g.id as g_id, g.name as g_name,
         s.id as s_id, s.first_name as s_first, s.last_name as s_last,
         v.id as v_id, v.first_name as v_first, v.last_name as v_last,
         c.id as c_id, c.first_name as c_first, c.last_name as c_last
       from assessments a join modules m on m.id = a.module_id
         join profiles s on s.id = a.student_id
         left join assessment_groups g on g.id = a.group_id
         left join profiles v on v.user_id = a.validated_by
         left join profiles c on c.user_id = a.closed_by
       where a.id = $1`,
      [id],
    ),
    query(
      'detail_blocks',
      `select b.id, b.parent_id, b.name, b.reference, b.reference_color, b."order", b.grading_formula,
         trim_scale(b.coefficient)::text as coefficient, b.should_include_in_export, b.is_one_line,
         e.id as e_id, e.comment, trim_scale(e.grade)::text as e_grade
       from module_blocks b join block_evaluations e on e.block_id = b.id and e.assessment_id = $1
       where b.module_id = (select module_id from assessments where id = $1)
       order by b."order", b.id`,
      [id],
    ),
    query(
      'detail_criteria',
      `select c.id, c.block_id, c.name, c.description, c."order", c.has_evaluation, c.has_text_input,
         c.has_progression, c.flags, c.grade, c.letter_evaluation, trim_scale(c.points)::text as points,
         e.id as e_id, e.evaluation, e.text, e.progression, trim_scale(e.grade)::text as e_grade,
         e.letter, trim_scale(e.points)::text as e_points, e.trend
       from module_criteria c join criterion_evaluations e on e.criterion_id = c.id and e.assessment_id = $1
       where c.module_id = (select module_id from assessments where id = $1)
       order by c."order", c.id`,
      [id],
    ),
  ]);
  const h = headers[0];
  if (!h) return null;
  const byId = new Map<unknown, Row & { criteria: Row[]; blocks: Row[] }>();
  for (const b of blocks) {
    byId.set(b.id, {
      id: b.id,
      name: b.name,
      reference: b.reference,
      reference_color: b.reference_color,
      order: b.order,
      grading_formula: b.grading_formula,
      coefficient: b.coefficient,
      should_include_in_export: b.should_include_in_export,
      is_one_line: b.is_one_line,
      evaluation: { id: b.e_id, comment: b.comment, grade: b.e_grade },
      criteria: [],
      blocks: [],
    });
  }
  for (const c of criteria) {
    byId.get(c.block_id)?.criteria.push({
      id: c.id,
      name: c.name,
      description: c.description,
      order: c.order,
      has_evaluation: c.has_evaluation,
      has_text_input: c.has_text_input,
      has_progression: c.has_progression,
      flags: c.flags,
      grade: c.grade,
      letter_evaluation: c.letter_evaluation,
      points: c.points,
      evaluation: {
        id: c.e_id,
        evaluation: c.evaluation,
        text: c.text,
        progression: c.progression,
        grade: c.e_grade,
        letter: c.letter,
        points: c.e_points,
        trend: c.trend,
      },
    });
  }
  const roots: Row[] = [];
  for (const b of blocks) {
    const parent = b.parent_id == null ? undefined : byId.get(b.parent_id);
    (parent ? parent.blocks : roots).push(byId.get(b.id)!);
  }
  const status = h.status as AssessmentStatus;
  const included = h.is_included_in_grade_summary as boolean;
  const may = (action: Parameters<typeof transition>[1]) => transition(status, action).ok;
  return {
    id: h.id,
    status,
    grade: h.grade,
    version: h.version,
    comment: h.comment,
    is_included_in_grade_summary: included,
    module: {
      id: h.m_id,
      name: h.m_name,
      module_type: h.module_type,
      status: h.m_status,
      graded: h.graded,
      rounding_formula: h.rounding_formula,
      unit: h.unit_id,
      start_date: h.start_date,
      end_date: h.end_date,
    },
    group: h.g_id == null ? null : { id: h.g_id, name: h.g_name },
    student: person(h.s_id, h.s_first, h.s_last),
    validated_at: iso(h.validated_at),
    validated_by: person(h.v_id, h.v_first, h.v_last),
    closed_at: iso(h.closed_at),
    closed_by: person(h.c_id, h.c_first, h.c_last),
    created_at: iso(h.created_at),
    updated_at: iso(h.updated_at),
    blocks: roots,
    // an ADMIN may do every action the state allows
    permissions: {
      evaluate: acceptsEvaluationChanges(status, h.m_status as ModuleStatus),
      validate: may('validate'),
      close: may('close'),
      reopen: may('reopen'),
      include: !included,
      exclude: included,
      move: may('move'),
      delete: true,
    },
  };
}

const MODULE_TYPE_ORDER = ['INTERCOMPANY_COURSE', 'TRAINING_REPORT', 'TRAINING_PLAN', 'IPRE_SHEET'];

/** Grades in thousandths (numeric(8,3)); the mean rounded to the tenth, half away from zero. */
function average(grades: (string | null)[]): string | null {
  const given = grades
    .filter((g): g is string => g !== null)
    .map((g) => Math.round(Number(g) * 1000));
  if (given.length === 0) return null;
  const num = given.reduce((a, b) => a + b, 0);
  const den = given.length * 100;
  const tenths = Math.floor((2 * num + den) / (2 * den));
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
const insufficient = (grade: string | null) => grade !== null && Number(grade) < 4;

async function gradeSummary(query: Query, studentId: number) {
  const [students, rows] = await Promise.all([
    query('summary_student', 'select id, first_name, last_name from profiles where id = $1', [
      studentId,
    ]),
    query(
      'summary_rows',
      `select a.id, a.status, trim_scale(a.grade)::text as grade, m.id as m_id, m.name, m.module_type,
         m.start_date, m.end_date
       from assessments a join modules m on m.id = a.module_id
       where a.student_id = $1 and a.is_included_in_grade_summary
       order by m.start_date asc nulls last, m.name asc, a.id asc`,
      [studentId],
    ),
  ]);
  const s = students[0];
  if (!s) return null;
  const groups = MODULE_TYPE_ORDER.flatMap((type) => {
    const own = rows.filter((r) => r.module_type === type);
    if (own.length === 0) return [];
    const avg = average(own.map((r) => r.grade as string | null));
    return [
      {
        module_type: type,
        average: avg,
        is_insufficient: insufficient(avg),
        assessments: own.map((r) => ({
          assessment: r.id,
          module: { id: r.m_id, name: r.name, start_date: r.start_date, end_date: r.end_date },
          status: r.status,
          grade: r.grade,
          is_insufficient: insufficient(r.grade as string | null),
        })),
      },
    ];
  });
  const avg = average(rows.map((r) => r.grade as string | null));
  return {
    student: { id: s.id, first_name: s.first_name, last_name: s.last_name },
    groups,
    average: avg,
    is_insufficient: insufficient(avg),
  };
}

function initials(first: string, last: string) {
  const a = [...first.trim()][0];
  const b = [...last.trim()][0];
  return a && b ? `${a}${b}`.toUpperCase() : '';
}

async function profileList(query: Query, url: URL) {
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const [[total], rows] = await Promise.all([
    query('profiles_count', 'select count(*)::int as n from profiles', []),
    query(
      'profiles_page',
      `select * from profiles order by last_name asc, last_name asc, first_name asc, id asc
       limit $1 offset $2`,
      [limit, offset],
    ),
  ]);
  const ids = rows.map((r) => r.id);
  const userIds = rows.flatMap((r) => (r.user_id == null ? [] : [r.user_id]));
  const [held, representatives, logins] = await Promise.all([
    query(
      'profiles_assignments',
      'select id, profile_id, unit_id, role from assignments where profile_id = any($1) order by id',
      [ids],
    ),
    query(
      'profiles_representatives',
      `select r.student_id, r.representative_id, p.first_name, p.last_name
        from legal_representatives r join profiles p on p.id = r.representative_id
        where r.student_id = any($1) order by r.representative_id`,
      [ids],
    ),
    query(
      'profiles_users',
      'select id, is_active, password_hash is not null as has_password from users where id = any($1)',
      [userIds],
    ),
  ]);
  const grouped = <T>(list: Row[], key: string, map: (r: Row) => T) => {
    const out = new Map<unknown, T[]>();
    for (const r of list) {
      const k = r[key];
      const bucket = out.get(k) ?? [];
      bucket.push(map(r));
      out.set(k, bucket);
    }
    return out;
  };
  const assignmentsOf = grouped(held, 'profile_id', (a) => ({
    id: a.id,
    unit: a.unit_id,
    role: a.role,
  }));
  const wardsOf = grouped(representatives, 'student_id', (r) => r);
  const userById = new Map(logins.map((u) => [u.id, u]));
  const count = total!.n as number;
  const page = (at: number) => {
    const next = new URL(url);
    next.searchParams.set('offset', String(at));
    return next.pathname + next.search;
  };
  return {
    count,
    next: offset + limit < count ? page(offset + limit) : null,
    previous: offset > 0 ? page(Math.max(0, offset - limit)) : null,
    results: rows.map((r) => {
      const login = userById.get(r.user_id);
      return {
        id: r.id,
        first_name: r.first_name,
        last_name: r.last_name,
        email: r.email,
        initials: initials(r.first_name as string, r.last_name as string),
        kind: r.kind,
        status: r.status,
        language: r.language,
        assignments: assignmentsOf.get(r.id) ?? [],
        legal_representatives: (wardsOf.get(r.id) ?? []).map((w) => w.representative_id),
        legal_representative_details: (wardsOf.get(r.id) ?? []).map((w) => ({
          id: w.representative_id,
          first_name: w.first_name,
          last_name: w.last_name,
        })),
        user: login
          ? { id: login.id, is_active: login.is_active, has_password: login.has_password }
          : null,
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
      };
    }),
  };
}

/** Listens on `port` (0: any free port) and answers the address. */
export async function startBaseline(databaseUrl: string, port = 0) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const handler = baselineHandler(pool);
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

if (import.meta.main) {
  const started = await startBaseline(process.env.DATABASE_URL!, Number(process.env.PORT ?? 0));
  console.log(`LISTENING ${started.port}`);
}
