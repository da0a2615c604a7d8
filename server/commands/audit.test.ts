import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createPerson } from '../test/factories.ts';
import { recordAudit, recordAudits } from './audit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOfEntity = (entity: string) =>
  t.database.db
    .select()
    .from(auditTrail)
    .where(eq(auditTrail.entity, entity))
    .orderBy(asc(auditTrail.id));

describe('audit trail', () => {
  it('keeps a batch in its order, each value as written: quotes, backslashes, accents, none', async () => {
    const { user } = await createPerson(t.database.db);
    const at = new Date('2026-11-27T08:15:30.250Z');
    const tricky = { text: 'Il a dit "bien" \\ très {soigné}, ok', list: ['a,b', null, 3.5] };
    await recordAudits(
      t.database.db,
      { userId: user!.id },
      [
        { action: 'update', entity: 'audit_test', entityId: 3, oldValue: tricky, newValue: 'é' },
        { action: 'delete', entity: 'audit_test', entityId: null, oldValue: null },
        { action: 'create', entity: 'audit_test', entityId: 1, newValue: [true, { n: 0 }] },
      ],
      at,
    );
    const rows = await rowsOfEntity('audit_test');
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual([
      {
        actorUserId: user!.id,
        action: 'update',
        entity: 'audit_test',
        entityId: 3,
        oldValue: tricky,
        newValue: 'é',
        at,
      },
      {
        actorUserId: user!.id,
        action: 'delete',
        entity: 'audit_test',
        entityId: null,
        oldValue: null,
        newValue: null,
        at,
      },
      {
        actorUserId: user!.id,
        action: 'create',
        entity: 'audit_test',
        entityId: 1,
        oldValue: null,
        newValue: [true, { n: 0 }],
        at,
      },
    ]);
  });

  it('writes one entry without an actor, and nothing for an empty batch', async () => {
    await recordAudits(t.database.db, null, []);
    await recordAudit(t.database.db, null, { action: 'purge', entity: 'audit_alone', entityId: 7 });
    const rows = await rowsOfEntity('audit_alone');
    expect(rows).toEqual([
      expect.objectContaining({ actorUserId: null, action: 'purge', entityId: 7, oldValue: null }),
    ]);
  });
});
