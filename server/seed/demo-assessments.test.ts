import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSESSMENT_STATUSES,
  LOCALES,
  MODULE_TYPES,
  RISK_REASONS,
  type Locale,
  type ModuleType,
} from '../../domain/constants.ts';
import {
  assessments,
  criterionEvaluations,
  legalRepresentatives,
  modules,
  moduleTemplates,
  profiles,
  users,
} from '../db/schema/index.ts';
import { recomputeGrades } from '../commands/recompute-grades.ts';
import { refreshRiskReasons } from '../commands/refresh-risk-reasons.ts';
import { formatDecimal } from '../../domain/decimal.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { DEFAULT_DEMO_PASSWORD, demoLogin } from './demo-logins.ts';
import { seedOnStart } from './on-start.ts';
import { readAtRisk } from '../queries/at-risk.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedOnStart({
    config: { ...t.config, SEED_DEMO: true },
    database: t.database,
    log: t.app.log,
    now: new Date('2026-11-21T12:00:00Z'),
  });
});
afterAll(() => t.close());

const signIn = (role: Parameters<typeof demoLogin>[0]) =>
  t.client().login(demoLogin(role).email, DEFAULT_DEMO_PASSWORD);

async function profileOfLogin(role: Parameters<typeof demoLogin>[0]) {
  const [row] = await t.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(users.email, demoLogin(role).email));
  return row!.id;
}

describe('demo assessments', () => {
  it('has a template and a module of every module type in each language', async () => {
    const db = t.database.db;
    const templates = await db
      .select({ type: moduleTemplates.moduleType, language: moduleTemplates.language })
      .from(moduleTemplates);
    const instances = await db
      .select({ type: modules.moduleType, language: modules.language })
      .from(modules);
    const pairs = (rows: { type: ModuleType; language: Locale }[]) =>
      new Set(rows.map((r) => `${r.type}/${r.language}`));
    const expected = MODULE_TYPES.flatMap((type) => LOCALES.map((l) => `${type}/${l}`));
    expect([...pairs(templates)].sort()).toEqual([...expected].sort());
    expect([...pairs(instances)].sort()).toEqual([...expected].sort());
  });

  it('has assessments in every state, graded ones with a grade, and filled evaluations', async () => {
    const db = t.database.db;
    const rows = await db
      .select({ status: assessments.status, n: sql<number>`count(*)::int` })
      .from(assessments)
      .groupBy(assessments.status);
    expect(rows.map((r) => r.status).sort()).toEqual([...ASSESSMENT_STATUSES].sort());
    const [ungraded] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(assessments)
      .innerJoin(modules, eq(modules.id, assessments.moduleId))
      .where(and(eq(modules.graded, true), sql`${assessments.grade} is null`));
    expect(ungraded!.n).toBe(0);
    const [filled] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(criterionEvaluations)
      .where(
        sql`${criterionEvaluations.evaluation} is not null and ${criterionEvaluations.trend} is not null`,
      );
    expect(filled!.n).toBeGreaterThan(0);
  });

  it('stores the grades the assessment commands compute', async () => {
    const db = t.database.db;
    const rows = await db
      .select({ id: assessments.id, grade: assessments.grade, module: modules })
      .from(assessments)
      .innerJoin(modules, eq(modules.id, assessments.moduleId));
    // a sample across modules and states: each recompute is five queries
    for (const row of rows.filter((_, i) => i % 6 === 0)) {
      const again = await recomputeGrades(db, row.id, row.module);
      expect(again.grade).toBe(row.grade == null ? null : formatDecimal(row.grade));
    }
  });

  it('shows the demo instructor the assessments of the groups they instruct, only those', async () => {
    const client = await signIn('INSTRUCTOR');
    const me = await profileOfLogin('INSTRUCTOR');
    const response = await client.get('/api/assessments/?limit=1000');
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      count: number;
      results: { id: number; module: { module_type: ModuleType } }[];
    };
    expect(body.count).toBeGreaterThan(0);
    expect(new Set(body.results.map((a) => a.module.module_type)).size).toBe(MODULE_TYPES.length);
    const [instructed] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(assessments)
      .where(
        sql`${assessments.groupId} in (select group_id from group_instructors where instructor_id = ${me})`,
      );
    expect(body.count).toBe(instructed!.n);
    const detail = await client.get(`/api/assessments/${body.results[0]!.id}/`);
    expect(detail.statusCode).toBe(200);
  });

  it('gives the demo student a grade summary with validated grades, one insufficient', async () => {
    const client = await signIn('STUDENT');
    const me = await profileOfLogin('STUDENT');
    const response = await client.get(`/api/profiles/${me}/grade-summary/`);
    expect(response.statusCode).toBe(200);
    const summary = response.json() as {
      groups: {
        assessments: { status: string; grade: string | null; is_insufficient: boolean }[];
      }[];
      average: string | null;
    };
    const entries = summary.groups.flatMap((m) => m.assessments);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.status !== 'IN_PROGRESS' && e.grade !== null)).toBe(true);
    expect(entries.some((e) => e.is_insufficient)).toBe(true);
    expect(summary.average).not.toBeNull();
  });

  it('lets the demo legal representative follow the demo student', async () => {
    const student = await profileOfLogin('STUDENT');
    const parent = await profileOfLogin('LEGAL_REPRESENTATIVE');
    const links = await t.database.db
      .select()
      .from(legalRepresentatives)
      .where(
        and(
          eq(legalRepresentatives.studentId, student),
          eq(legalRepresentatives.representativeId, parent),
        ),
      );
    expect(links).toHaveLength(1);
  });
});

describe('demo early warning', () => {
  it('holds students at risk for each reason, on the day it was seeded', async () => {
    const reach = { all: true, unitIds: [], groupUnitIds: [], own: false, wards: false };
    const page = { limit: 1000, offset: 0 };
    await refreshRiskReasons(t.database.db, '2026-11-21');
    const found = await readAtRisk(t.database.db, reach, null, {}, page);
    const reasons = found.results.flatMap((s) => s.reasons.map((r) => r.reason));
    expect(new Set(reasons)).toEqual(new Set(RISK_REASONS));
  });

  it('has unread notifications for every role the notifications reach', async () => {
    const roles = ['STUDENT', 'COURSE_MANAGER', 'INSTRUCTOR', 'ENTERPRISE_INSTRUCTOR'] as const;
    for (const role of roles) {
      const client = await signIn(role);
      const unread = await client.get('/api/notifications/unread-count/');
      expect(unread.json().unread, role).toBeGreaterThan(0);
    }
  });
});

describe('demo training report cycle', () => {
  it('leads the demo legal representative to the report awaiting their signature', async () => {
    const parent = await signIn('LEGAL_REPRESENTATIVE');
    await parent.post('/api/users/me/accept-data-processing/', {});
    const awaiting = (await parent.get('/api/training-reports/awaiting/')).json();
    expect(awaiting.signatures.map((s: { role: string }) => s.role)).toContain(
      'LEGAL_REPRESENTATIVE',
    );
    const details = await Promise.all(
      awaiting.signatures.map(
        async (a: { assessment: number }) =>
          (await parent.get(`/api/assessments/${a.assessment}/`)).json() as {
            signatures: { role: string }[];
            signatures_missing: string[];
          },
      ),
    );
    const awaited = details.find((d) => d.signatures_missing.includes('LEGAL_REPRESENTATIVE'))!;
    expect(awaited.signatures.map((s: { role: string }) => s.role)).toEqual(['INSTRUCTOR']);
    expect(awaited.signatures_missing).toEqual(['STUDENT', 'LEGAL_REPRESENTATIVE']);
  });

  it('leads the demo student to a self-assessment to write and a report to sign', async () => {
    const student = await signIn('STUDENT');
    const awaiting = (await student.get('/api/training-reports/awaiting/')).json();
    expect(awaiting.self_assessments).toHaveLength(1);
    expect(awaiting.signatures.map((s: { role: string }) => s.role)).toEqual(['STUDENT']);
    const [{ assessment }] = awaiting.self_assessments;
    const self = (await student.get(`/api/assessments/${assessment}/self-assessment/`)).json();
    expect(self.submitted_at).toBeNull();
  });

  it('shows the demo instructor a submitted self-assessment beside carried goals partly reviewed', async () => {
    const instructor = await signIn('INSTRUCTOR');
    const list = (await instructor.get('/api/assessments/?status=IN_PROGRESS&limit=1000')).json();
    const reports = list.results.filter(
      (a: { module: { module_type: string } }) => a.module.module_type === 'TRAINING_REPORT',
    );
    const views = await Promise.all(
      reports.map(async (a: { id: number }) => ({
        id: a.id,
        self: (await instructor.get(`/api/assessments/${a.id}/self-assessment/`)).json(),
        goals: (await instructor.get(`/api/assessments/${a.id}/goals/`)).json(),
      })),
    );
    const submitted = views.find((v) => v.self.submitted_at !== null)!;
    expect(submitted.self.view).not.toBe('');
    const reviews = submitted.goals.carried_goals.map((g: { review_status: string | null }) =>
      Boolean(g.review_status),
    );
    expect(reviews.sort()).toEqual([false, true]);
    // the report cannot be validated before the second goal is reviewed
    const refused = await instructor.post(`/api/assessments/${submitted.id}/validate/`);
    expect(refused.statusCode).toBe(409);
  });

  it('has a report signed by every party required', async () => {
    const manager = await signIn('COURSE_MANAGER');
    const due = (await manager.get('/api/training-reports/due/?semester=2025-2')).json();
    expect(due.states.SIGNED).toBeGreaterThan(0);
    expect(due.states.VALIDATED).toBeGreaterThan(0);
    expect(due.states.OVERDUE).toBeGreaterThan(0);
  });
});
