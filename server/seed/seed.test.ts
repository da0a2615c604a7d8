import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  assignments,
  auditTrail,
  legalRepresentatives,
  profiles,
  units,
  users,
} from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { DEFAULT_DEMO_PASSWORD, DEMO_LOGINS } from './demo-logins.ts';
import { seedOnStart } from './on-start.ts';

let t: TestApp;
const seedAt = new Date('2026-11-21T12:00:00Z');

const count = async (table: typeof units | typeof users | typeof profiles | typeof auditTrail) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

const seed = (overrides: Partial<TestApp['config']> = {}, now?: Date) =>
  seedOnStart({
    config: { ...t.config, SEED_DEMO: true, ...overrides },
    database: t.database,
    log: t.app.log,
    now,
  });

describe('demo data on an empty database', () => {
  // seeding is slow (argon2, hundreds of rows): one seeded database for these read-only checks
  let report: Awaited<ReturnType<typeof seedOnStart>>;
  beforeAll(async () => {
    t = await createTestApp();
    report = await seed({ DEMO_PASSWORD: 'another-demo-pass' }, seedAt);
  }, 180_000);
  afterAll(() => t.close());

  it('creates three units, thirty students and one login per role', async () => {
    expect(report.demo?.password).toBe('another-demo-pass');
    expect(report.demo?.logins.map((l) => l.role)).toHaveLength(7);
    const db = t.database.db;
    expect((await db.select().from(units)).map((u) => u.code).sort()).toEqual([
      'BFS-ZH',
      'CIE-LAU',
      'CP-BEL',
    ]);
    const students = await db
      .select({ profile: profiles, unitId: assignments.unitId })
      .from(assignments)
      .innerJoin(profiles, eq(profiles.id, assignments.profileId))
      .where(eq(assignments.role, 'STUDENT'));
    expect(students).toHaveLength(30);
    expect(new Set(students.map((s) => s.unitId)).size).toBe(3);
    expect(students.every((s) => s.profile.kind !== null)).toBe(true);
    expect(students.every((s) => /^\d{4}-\d{2}-\d{2}$/.test(s.profile.birthDate ?? ''))).toBe(true);
    expect(await count(users)).toBe(DEMO_LOGINS.length);
  });

  it('gives every minor a legal representative who holds that role in the unit', async () => {
    const db = t.database.db;
    const students = await db
      .select({ id: profiles.id, birthDate: profiles.birthDate, unitId: assignments.unitId })
      .from(profiles)
      .innerJoin(assignments, eq(assignments.profileId, profiles.id))
      .where(eq(assignments.role, 'STUDENT'));
    const minors = students.filter((s) => s.birthDate! > '2008-11-21');
    expect(minors.length).toBeGreaterThan(10);
    expect(minors.length).toBeLessThan(30);
    for (const minor of minors) {
      const reps = await db
        .select({ unitId: assignments.unitId })
        .from(legalRepresentatives)
        .innerJoin(assignments, eq(assignments.profileId, legalRepresentatives.representativeId))
        .where(
          and(
            eq(legalRepresentatives.studentId, minor.id),
            eq(assignments.role, 'LEGAL_REPRESENTATIVE'),
          ),
        );
      expect(reps.map((r) => r.unitId)).toContain(minor.unitId);
    }
    const adults = students.filter((s) => s.birthDate! <= '2008-11-21');
    for (const adult of adults) {
      expect(
        await db
          .select()
          .from(legalRepresentatives)
          .where(eq(legalRepresentatives.studentId, adult.id)),
      ).toEqual([]);
    }
  });

  it('lets every demo login sign in with its role; only one must still accept data processing', async () => {
    for (const login of DEMO_LOGINS) {
      const client = await t.client().login(login.email, 'another-demo-pass');
      const me = (await client.get('/api/users/me/')).json();
      expect(me.is_data_processing_accepted, login.email).toBe(login.dataProcessingAccepted);
      const roles = await t.database.db
        .select({ role: assignments.role })
        .from(assignments)
        .innerJoin(profiles, eq(profiles.id, assignments.profileId))
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(users.email, login.email));
      expect(roles.map((r) => r.role)).toContain(login.role);
    }
    expect(DEMO_LOGINS.filter((l) => !l.dataProcessingAccepted)).toHaveLength(1);
  });

  it('does not seed again on the next start', async () => {
    const before = await count(profiles);
    const again = await seed();
    expect(again.demo).toBeNull();
    expect(await count(profiles)).toBe(before);
    expect(await count(units)).toBe(3);
  });
});

describe('without demo data', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('leaves the database empty with SEED_DEMO=false', async () => {
    const report = await seed({ SEED_DEMO: false });
    expect(report).toEqual({ demo: null, admin: null });
    expect(await count(users)).toBe(0);
  });
});

describe('first admin from ADMIN_EMAIL/ADMIN_PASSWORD', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());
  const admin = { ADMIN_EMAIL: 'Root@Example.ch', ADMIN_PASSWORD: 'first-admin-password' };

  it('is created without demo data, once, and can sign in as ADMIN', async () => {
    expect((await seed({ SEED_DEMO: false, ...admin })).admin).toEqual({
      email: 'Root@Example.ch',
      created: true,
    });
    expect((await seed({ SEED_DEMO: false, ...admin })).admin?.created).toBe(false);
    expect(await count(users)).toBe(1);
    expect(await count(units)).toBe(0);
    const client = await t.client().login('root@example.ch', 'first-admin-password');
    const me = (await client.get('/api/users/me/')).json();
    expect(me.is_data_processing_accepted).toBe(false);
    const rows = await t.database.db
      .select()
      .from(assignments)
      .where(and(eq(assignments.role, 'ADMIN'), isNull(assignments.unitId)));
    expect(rows).toHaveLength(1);
  });

  it('is added next to the demo data', async () => {
    const report = await seed(admin);
    expect(report.demo?.password).toBe(DEFAULT_DEMO_PASSWORD);
    expect(report.admin?.created).toBe(true);
    expect(await count(users)).toBe(DEMO_LOGINS.length + 1);
  }, 180_000);
});
