/**
 * The raw baseline of the benchmark: plain node:http and pg, hand-written SQL (prepared
 * statements), the same JSON as our endpoints, the same session check (one indexed lookup of the
 * hashed cookie, idle and absolute expiry, active user) and the same rules of who sees what (the
 * domain's permission table, as our server reads it). It answers the calls of a working day:
 * `/users/me/`, the assessment list, an assessment, a criterion PATCH (with the grades
 * recomputed and an audit row, in one transaction), a grade summary and its PDF (rendered on the
 * event loop; counted against the export limits and recorded in the read log, as every file of a
 * student's grades), and the profile list for an ADMIN reader; anything else is 404. A page read
 * again within 10 minutes is not recorded again by our server: over a measurement, its reads
 * write nothing after the first, and the baseline records none.
 *
 *   DATABASE_URL=postgres://… PORT=0 node bench/baseline.ts   → prints "LISTENING <port>"
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { acceptsEvaluationChanges, transition } from '../domain/assessment-states.ts';
import type { AssessmentStatus, ModuleStatus, Role, SignatureRole } from '../domain/constants.ts';
import { swissDay } from '../domain/school-calendar.ts';
import { missingSignatures, needsLegalRepresentative } from '../domain/training-report.ts';
import { decimalOut } from '../domain/decimal.ts';
import { permissionsOf, type Permission } from '../domain/permissions.ts';
import type { ReadKind } from '../domain/schemas/read-log.ts';
import type { SecondFactorState } from '../domain/schemas/second-factors.ts';
import { passedSecondFactor, secondFactorState } from '../server/auth/second-factor-state.ts';
import { RATE_LIMITS } from '../server/lib/rate-limit.ts';
import { can, reachOf, type Subject, type Target } from '../domain/policy.ts';
import { criterionPatch } from './baseline-patch.ts';
import { answerHeapAllocations } from './heap-meter.ts';
import { summaryPdf } from './baseline-pdf.ts';

const IDLE_MS = 120 * 60_000;
const MAX_MS = 12 * 3_600_000;

type Row = Record<string, unknown>;
export type Query = (kind: string, text: string, values: unknown[]) => Promise<Row[]>;

/** The signed-in reader, as our server's session check answers it. */
export interface Reader extends Subject {
  userId: number;
  email: string;
  language: string;
  accepted: boolean;
  secondFactor: SecondFactorState;
}

interface Reply {
  status: number;
  body: unknown;
  type?: string;
}
const json = (body: unknown, status = 200): Reply => ({ status, body });
const NOT_FOUND = json({ detail: 'Not found.' }, 404);
const orNotFound = (body: unknown) => (body ? json(body) : NOT_FOUND);
const TOO_MANY = json({ detail: 'Too many requests.' }, 429);

/**
 * Counts a file against the export limits, in one upsert as our server does: over either? Its
 * keys are its own, so the files of one server do not use up the other's allowance.
 */
async function overExportLimit(query: Query, reader: Reader, request: IncomingMessage) {
  const { windowMs, perAddress, perAccount } = RATE_LIMITS.export;
  const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
  const keys = [
    `baseline-export:ip:${request.socket.remoteAddress}`,
    `baseline-export:user:${reader.userId}`,
  ];
  const counts = await query(
    'export_limit',
    `insert into rate_limit_counters (key, window_start, count)
     select key, $2::timestamptz, 1 from unnest($1::text[]) as key
     on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
     returning key, count`,
    [keys, new Date(windowStart).toISOString()],
  );
  return counts.some(
    ({ key, count }) => (count as number) > (key === keys[0] ? perAddress : perAccount),
  );
}

/** A file of a student's grades is recorded in the read log every time it leaves, as ours. */
async function recordFileRead(query: Query, reader: Reader, studentId: number, kind: ReadKind) {
  if (studentId === reader.profileId) return;
  await query(
    'read_log',
    `insert into read_log (reader_user_id, student_id, kind, object_id, at)
     values ($1, $2, $3, null, now())`,
    [reader.userId, studentId, kind],
  );
}

export function baselineHandler(pool: pg.Pool) {
  // a statement's name is its kind and the number of its text: a call whose text depends on the
  // reader (their reach, one unit or several) gets a statement of its own
  const names = new Map<string, string>();
  const query: Query = async (kind, text, values) => {
    let name = names.get(text);
    if (name === undefined) names.set(text, (name = `${kind}_${names.size}`));
    return (await pool.query({ name, text, values })).rows as Row[];
  };

  async function readerOf(request: IncomingMessage): Promise<Reader | null> {
    const cookie = /(?:^|;\s*)sessionid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!cookie) return null;
    const idHash = createHash('sha256').update(cookie).digest('hex');
    const [row] = await query(
      'session',
      `select u.id, u.email, u.is_active, u.language, u.data_processing_accepted_at, p.id as profile_id,
         s.last_seen_at, s.created_at, s.second_factor_at is not null as factor_proved,
         exists (select 1 from second_factors f where f.user_id = u.id) as has_factor,
         coalesce((select json_agg(json_build_object('role', a.role, 'unitId', a.unit_id))
           from assignments a where a.profile_id = p.id), '[]') as assignments
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
    const assignments = row.assignments as { role: Role; unitId: number | null }[];
    return {
      userId: row.id as number,
      email: row.email as string,
      language: row.language as string,
      accepted: row.data_processing_accepted_at != null,
      profileId: (row.profile_id as number | null) ?? null,
      assignments,
      secondFactor: secondFactorState({
        proved: row.factor_proved as boolean,
        hasFactor: row.has_factor as boolean,
        roles: assignments.map((a) => a.role),
      }),
    };
  }

  async function route(request: IncomingMessage, reader: Reader): Promise<Reply> {
    const url = new URL(request.url ?? '/', 'http://local');
    const at = (pattern: RegExp) => pattern.exec(url.pathname)?.[1];
    if (request.method === 'PATCH') {
      const id = at(/^\/api\/assessments\/criteria\/evaluations\/(\d+)\/$/);
      if (!id) return NOT_FOUND;
      const answer = await criterionPatch(pool, reader, Number(id), await bodyOf(request));
      return json(answer.body, answer.status);
    }
    if (url.pathname === '/api/users/me/') return json(me(reader));
    if (url.pathname === '/api/assessments/') return json(await assessmentList(query, reader, url));
    let id = at(/^\/api\/assessments\/(\d+)\/$/);
    if (id) return orNotFound(await assessmentDetail(query, reader, Number(id)));
    id = at(/^\/api\/profiles\/(\d+)\/grade-summary\/$/);
    if (id) return orNotFound(await gradeSummary(query, reader, Number(id)));
    id = at(/^\/api\/profiles\/(\d+)\/grade-summary\/pdf\/$/);
    if (id) {
      if (await overExportLimit(query, reader, request)) return TOO_MANY;
      const summary = await gradeSummary(query, reader, Number(id));
      if (!summary) return NOT_FOUND;
      await recordFileRead(query, reader, Number(id), 'grade_summary_pdf');
      return { status: 200, body: await summaryPdf(summary), type: 'application/pdf' };
    }
    if (url.pathname === '/api/profiles/' && reachOf(reader, 'listProfile').all)
      return json(await profileList(query, url));
    return NOT_FOUND;
  }

  return async (request: IncomingMessage, response: ServerResponse) => {
    const send = ({ status, body, type }: Reply) => {
      const data = type ? (body as Buffer) : JSON.stringify(body);
      response.writeHead(status, {
        'content-type': type ?? 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(data),
      });
      response.end(data);
    };
    try {
      const reader = await readerOf(request);
      if (!reader) return send(json({ detail: 'Not signed in.' }, 401));
      if (!passedSecondFactor(reader.secondFactor) && request.url !== '/api/users/me/')
        return send(json({ detail: 'Second factor required.' }, 403));
      send(await route(request, reader));
    } catch (error) {
      // a client that left mid-request (the end of a measurement) is no server error
      if ((error as { code?: string }).code === 'ECONNRESET') return;
      console.error(error);
      send(json({ detail: 'Server error.' }, 500));
    }
  };
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString() || '{}');
}

function me(reader: Reader) {
  return {
    id: reader.userId,
    email: reader.email,
    is_active: true,
    is_data_processing_accepted: reader.accepted,
    language: reader.language,
    permissions: permissionsOf(reader.assignments.map((a) => a.role)),
    profile: reader.profileId,
    second_factor: reader.secondFactor,
  };
}

/**
 * `column = $n` for one id, `column = any($n::int[])` for several, as our server's oneOf: over an
 * array the generic plan expects ten ids and never wins, so the statement is planned every time.
 */
function oneOf(column: string, ids: number[], param: (value: unknown, type: string) => string) {
  return ids.length === 1
    ? `${column} = ${param(ids[0], 'int')}`
    : `${column} = any(${param(ids, 'int[]')})`;
}

/** The assessments the reader sees (viewAssessment's reach), as our list answers them. */
async function assessmentList(query: Query, reader: Reader, url: URL) {
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const reach = reachOf(reader, 'viewAssessment');
  const moduleId = url.searchParams.get('module');
  // one text per shape of reach (all, units, instructed groups; own and wards not benched), so
  // each statement is planned for what it reads
  const shape = reach.all ? 'all' : reach.unitIds.length > 0 ? 'units' : 'groups';
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => `$${values.push(value)}::${type}`;
  const scope =
    shape === 'all'
      ? 'true'
      : shape === 'units'
        ? `a.module_id in (select id from modules where ${oneOf('unit_id', reach.unitIds, param)})`
        : `a.group_id in (select gi.group_id from group_instructors gi
            join assessment_groups g on g.id = gi.group_id join modules m on m.id = g.module_id
            where gi.instructor_id = ${param(reader.profileId ?? 0, 'int')}
              and ${oneOf('m.unit_id', reach.groupUnitIds, param)})`;
  // a module's few rows are read through its index and sorted, as our list does
  const where = moduleId ? `${scope} and a.module_id = ${param(moduleId, 'int')}` : scope;
  const order = moduleId ? 'a.id + 0' : 'a.id';
  const filtered = values.length;
  // the page size in the text, as our list writes it (pageOf): a parameter makes PostgreSQL plan
  // the statement again on every request
  const page = `limit ${Math.trunc(limit)} offset ${param(offset, 'int')}`;
  const [[total], rows] = await Promise.all([
    query(
      'list_count',
      `select count(*)::int as n from assessments a where ${where}`,
      values.slice(0, filtered),
    ),
    query(
      'list_page',
      `with page as (select a.id from assessments a where ${where} order by ${order} ${page})
       select a.id, a.status, a.grade::text as grade, a.version, a.is_included_in_grade_summary,
         a.validated_at, a.closed_at, a.created_at, a.updated_at,
         m.id as m_id, m.name as m_name, m.module_type, m.status as m_status,
         g.id as g_id, g.name as g_name, s.id as s_id, s.first_name, s.last_name
       from page join assessments a on a.id = page.id join modules m on m.id = a.module_id
         join profiles s on s.id = a.student_id left join assessment_groups g on g.id = a.group_id
       order by a.id asc`,
      values,
    ),
  ]);
  const count = total!.n as number;
  return {
    ...pageLinks(url, limit, offset, count),
    results: rows.map((r) => ({
      id: r.id,
      status: r.status,
      grade: decimalOut(r.grade as string | null),
      version: r.version,
      is_included_in_grade_summary: r.is_included_in_grade_summary,
      module: { id: r.m_id, name: r.m_name, module_type: r.module_type, status: r.m_status },
      group: r.g_id == null ? null : { id: r.g_id, name: r.g_name },
      student: { id: r.s_id, first_name: r.first_name, last_name: r.last_name },
      validated_at: iso(r.validated_at),
      closed_at: iso(r.closed_at),
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    })),
  };
}

/** `{count, next, previous}` as our pages give them: relative URLs or null. */
function pageLinks(url: URL, limit: number, offset: number, count: number) {
  const page = (at: number) => {
    const next = new URL(url);
    next.searchParams.set('offset', String(at));
    return next.pathname + next.search;
  };
  return {
    count,
    next: offset + limit < count ? page(offset + limit) : null,
    previous: offset > 0 ? page(Math.max(0, offset - limit)) : null,
  };
}

const person = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { id, first_name: first ?? '', last_name: last ?? '' };
const iso = (value: unknown) => (value == null ? null : (value as Date).toISOString());

async function assessmentDetail(query: Query, reader: Reader, id: number) {
  const [headers, blocks, criteria] = await Promise.all([
    query(
      'detail_header',
      `select a.id, a.status, trim_scale(a.grade)::text as grade, a.version, a.comment,
         a.is_included_in_grade_summary, a.validated_at, a.closed_at, a.created_at, a.updated_at,
         m.id as m_id, m.name as m_name, m.module_type, m.status as m_status, m.graded,
         m.rounding_formula, m.unit_id, m.start_date, m.end_date, g.id as g_id, g.name as g_name,
         s.id as s_id, s.first_name as s_first, s.last_name as s_last,
         v.id as v_id, v.first_name as v_first, v.last_name as v_last,
         c.id as c_id, c.first_name as c_first, c.last_name as c_last,
         array(select instructor_id from group_instructors where group_id = a.group_id) as instructors,
         array(select representative_id from legal_representatives where student_id = a.student_id) as representatives,
         s.birth_date, exists(select 1 from legal_representatives where student_id = a.student_id) as has_representative,
         case when m.module_type = 'TRAINING_REPORT' then (select coalesce(json_agg(json_build_object(
             'role', sg.role, 'profile', json_build_object('id', p.id, 'first_name', p.first_name,
             'last_name', p.last_name), 'signed_at', sg.signed_at, 'comment', sg.comment,
             'version', sg.assessment_version) order by sg.signed_at, sg.id), '[]')
           from signatures sg join profiles p on p.id = sg.profile_id
           where sg.assessment_id = a.id and sg.voided_at is null) end as signatures
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
  const target: Target = {
    unitId: h?.unit_id as number,
    instructorProfileIds: h?.instructors as number[],
    studentProfileId: h?.s_id as number,
    representativeProfileIds: h?.representatives as number[],
  };
  if (!h || !can(reader, 'viewAssessment', target)) return null;
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
  const allowed = (action: Parameters<typeof transition>[1]) => transition(status, action).ok;
  const may = (permission: Permission) => can(reader, permission, target);
  const signatures = ((h.signatures ?? []) as { role: SignatureRole; signed_at: string }[]).map(
    (sg) => ({ ...sg, signed_at: new Date(sg.signed_at).toISOString() }),
  );
  const missing =
    h.module_type === 'TRAINING_REPORT' && h.validated_at != null
      ? missingSignatures(
          signatures.map((sg) => sg.role),
          needsLegalRepresentative(
            h.birth_date as string | null,
            swissDay(h.validated_at as Date),
            h.has_representative as boolean,
          ),
        )
      : [];
  const signer = (partial: Target) => can(reader, 'signTrainingReport', partial);
  const role = signer({ studentProfileId: target.studentProfileId })
    ? 'STUDENT'
    : signer({ representativeProfileIds: target.representativeProfileIds })
      ? 'LEGAL_REPRESENTATIVE'
      : signer({ unitId: target.unitId, instructorProfileIds: target.instructorProfileIds })
        ? 'INSTRUCTOR'
        : null;
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
    permissions: {
      evaluate:
        acceptsEvaluationChanges(status, h.m_status as ModuleStatus) && may('evaluateAssessment'),
      validate: allowed('validate') && may('validateAssessment'),
      close: allowed('close') && may('closeAssessment'),
      reopen: allowed('reopen') && may('reopenAssessment'),
      include: !included && may('includeAssessmentInGradeSummary'),
      exclude: included && may('includeAssessmentInGradeSummary'),
      move: allowed('move') && may('moveAssessment'),
      delete: may('deleteAssessment'),
      sign: role !== null && missing.includes(role),
    },
    signatures,
    signatures_missing: missing,
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

/** The student's grade summary if the reader may read it all (managers, instructors), else null. */
export async function gradeSummary(query: Query, reader: Reader, studentId: number) {
  const reach = reachOf(reader, 'viewGradeSummary');
  const values: unknown[] = [studentId, reach.all];
  const param = (value: unknown, type: string) => `$${values.push(value)}::${type}`;
  const access = `$2 or exists(select 1 from assignments a
      where a.profile_id = p.id and a.role = 'STUDENT' and ${oneOf('a.unit_id', reach.unitIds, param)})
    or exists(select 1 from assessments a join group_instructors gi on gi.group_id = a.group_id
      join modules m on m.id = a.module_id
      where a.student_id = p.id and gi.instructor_id = ${param(reader.profileId ?? 0, 'int')}
        and ${oneOf('m.unit_id', reach.groupUnitIds, param)})`;
  const [students, rows] = await Promise.all([
    query(
      'summary_student',
      `select p.id, p.first_name, p.last_name, ${access} as full from profiles p where p.id = $1`,
      values,
    ),
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
  if (!s?.full) return null;
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
  return {
    ...pageLinks(url, limit, offset, total!.n as number),
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
        birth_date: r.birth_date,
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
  // the same connection settings as our server (server/db/client.ts): no JIT for short queries
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
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
  answerHeapAllocations();
  console.log(`LISTENING ${started.port}`);
}
