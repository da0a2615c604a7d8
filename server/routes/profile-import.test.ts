import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson, createUnit } from '../test/factories.ts';
import { peopleCounts, signedInAs } from '../test/people-helpers.ts';
import { countQueries } from '../test/query-counter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const row = (first: string, last: string, email?: string, kind?: string) => ({
  first_name: first,
  last_name: last,
  ...(email === undefined ? {} : { email }),
  ...(kind === undefined ? {} : { kind }),
});

describe('POST /api/profiles/import/', () => {
  it('creates every student of the file in the unit, in one go', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const rows = [
      row('Léa', 'Import', 'lea.import@example.ch', 'FEDERAL_VET_CERTIFICATE'),
      row('Noé', 'Import'),
    ];
    const dry = await client.post('/api/profiles/import/', {
      unit: unit.id,
      role: 'STUDENT',
      rows,
      dry_run: true,
    });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({ valid: 2 });
    const before = await peopleCounts(t.database.db);
    const answer = await client.post('/api/profiles/import/', {
      unit: unit.id,
      role: 'STUDENT',
      rows,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().created).toHaveLength(2);
    const after = await peopleCounts(t.database.db);
    expect(after.profiles! - before.profiles!).toBe(2);
    const list = await client.get('/api/profiles/?roles=STUDENT&search=import');
    expect(list.json().results.map((p: { first_name: string }) => p.first_name)).toEqual([
      'Léa',
      'Noé',
    ]);
  });

  it('imports 10,000 rows in a few dozen queries, each with its role and audit row', async () => {
    const unit = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      row(`Élève${i}`, 'Volume', `volume.${i}@example.ch`),
    );
    const before = await peopleCounts(t.database.db);
    let answer: Awaited<ReturnType<typeof client.post>> | undefined;
    const queries = await countQueries(t.database.db, async () => {
      answer = await client.post('/api/profiles/import/', { unit: unit.id, role: 'STUDENT', rows });
    });
    expect(answer!.statusCode).toBe(201);
    expect(answer!.json().created).toHaveLength(10_000);
    expect(queries).toBeLessThanOrEqual(60);
    const after = await peopleCounts(t.database.db);
    expect(after.profiles! - before.profiles!).toBe(10_000);
    const listed = await client.get(`/api/profiles/?roles=STUDENT&unit=${unit.id}&search=Volume`);
    expect(listed.json().count).toBe(10_000);
    const [audit] = await t.database.db
      .select({ n: count() })
      .from(auditTrail)
      .where(sql`entity = 'profile' and action = 'create' and new_value->>'last_name' = 'Volume'`);
    expect(audit!.n).toBe(10_000);
  });

  it('answers every bad row at once, in the reader language, and saves nothing', async () => {
    const unit = await createUnit(t.database.db);
    await createPerson(t.database.db, {
      profile: { email: 'taken@example.ch' },
      roles: [{ role: 'STUDENT', unitId: unit.id }],
    });
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    client.language = 'de';
    const before = await peopleCounts(t.database.db);
    const answer = await client.post('/api/profiles/import/', {
      unit: unit.id,
      role: 'INSTRUCTOR',
      rows: [
        row('Gut', 'Zeile', 'gut@example.ch'),
        row('', 'Ohne Vorname'),
        row('Doppelt', 'Eins', 'TAKEN@example.ch'),
        row('Falsch', 'Adresse', 'keine-adresse'),
        row('Zweimal', 'A', 'same@example.ch'),
        row('Zweimal', 'B', 'same@example.ch'),
        row('Art', 'Falsch', '', 'OTHER'),
      ],
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(Object.keys(body).sort()).toEqual([
      'rows.1.first_name',
      'rows.2.email',
      'rows.3.email',
      'rows.5.email',
      'rows.6.kind',
    ]);
    expect(body['rows.5.email'][0]).toContain('mehrmals');
    expect(await peopleCounts(t.database.db)).toEqual(before);
  });

  it('refuses a unit outside the reader reach and roles they do not manage', async () => {
    const unit = await createUnit(t.database.db);
    const other = await createUnit(t.database.db);
    const { client } = await signedInAs(t, 'UNIT_ADMIN', unit.id);
    const elsewhere = await client.post('/api/profiles/import/', {
      unit: other.id,
      role: 'STUDENT',
      rows: [row('A', 'B')],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toHaveProperty('unit');
    const admin = await client.post('/api/profiles/import/', {
      unit: unit.id,
      role: 'UNIT_ADMIN',
      rows: [row('A', 'B')],
    });
    expect(admin.statusCode).toBe(400);
    const { client: instructor } = await signedInAs(t, 'INSTRUCTOR', unit.id);
    const refused = await instructor.post('/api/profiles/import/', {
      unit: unit.id,
      role: 'STUDENT',
      rows: [row('A', 'B')],
    });
    expect(refused.statusCode).toBe(403);
  });

  it('needs a signed-in user', async () => {
    const answer = await t.client().post('/api/profiles/import/', {
      unit: 1,
      role: 'STUDENT',
      rows: [row('A', 'B')],
    });
    expect(answer.statusCode).toBe(401);
  });
});
