import { z } from 'zod';
import { PROFILE_KINDS, type ProfileKind } from '../../domain/constants.ts';
import type { ProfileImport } from '../../domain/schemas/profile-import.ts';
import { isCalendarDay } from '../../domain/school-calendar.ts';
import type { Queryable } from '../db/client.ts';
import { ValidationError, forbidden, type FieldErrors } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { takenAddresses } from '../policies/known-addresses.ts';
import { rolesGivableIn } from '../policies/people-rules.ts';
import { requirePermission } from '../policies/people.ts';
import { assignments, profiles } from '../db/schema/index.ts';
import { auditedProfile, recordAudits } from './audit.ts';
import { checkNewAssignment } from './profile-checks.ts';
import { BULK_ROWS, refreshStatistics } from '../db/statistics.ts';

type Row = ProfileImport['rows'][number];

/** Rows written per statement: three statements a batch, whatever the size of the file. */
const BATCH_ROWS = 1000;

const EMAIL = z.email();
const KINDS: readonly string[] = PROFILE_KINDS;

/**
 * Every problem of every row, as `rows.<index>.<field>` → messages. A dry run tells of taken
 * addresses only within the actor's reach (takenAddresses); the import itself checks them all.
 */
async function checkRows(db: Queryable, body: ProfileImport, actor: Actor): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (index: number, field: string, key: string, params?: (string | number)[]) =>
    (errors[`rows.${index}.${field}`] ??= []).push({ key, params });
  const emails = body.rows.map((row) => row.email?.trim().toLowerCase() ?? '');
  const distinct = [...new Set(emails.filter(Boolean))];
  const taken = await takenAddresses(db, distinct, body.dry_run ? actor : undefined);
  body.rows.forEach((row: Row, index) => {
    for (const field of ['first_name', 'last_name'] as const) {
      const value = row[field]?.trim() ?? '';
      if (!value) add(index, field, 'required');
      else if (value.length > 100) add(index, field, 'maxLength', [100]);
    }
    const email = emails[index]!;
    if (email && !EMAIL.safeParse(email).success) add(index, 'email', 'email');
    else if (email && taken.has(email)) add(index, 'email', 'profileEmailTaken');
    else if (email && emails.indexOf(email) !== index) add(index, 'email', 'duplicateInFile');
    const kind = row.kind?.trim() ?? '';
    if (kind && body.role !== 'STUDENT') add(index, 'kind', 'kindOnlyForStudents');
    else if (kind && !KINDS.includes(kind)) add(index, 'kind', 'invalidChoice');
    const birthDate = row.birth_date?.trim() ?? '';
    if (birthDate && !isCalendarDay(birthDate)) add(index, 'birth_date', 'invalidDate');
  });
  return errors;
}

async function checkTarget(db: Queryable, actor: Actor, body: ProfileImport) {
  requirePermission(actor, 'addProfile');
  const unitId = await checkNewAssignment(db, actor, { unitId: body.unit, role: body.role });
  if (!rolesGivableIn(actor, unitId, 'addProfile').includes(body.role)) throw forbidden();
}

/**
 * Students or instructors of a unit from a file's rows: all rows are checked first and every
 * problem is answered at once (400 `rows.<i>.<field>`); then all are created in one transaction,
 * or none. A dry run checks without saving and answers how many rows are valid.
 */
export async function importProfiles(
  db: Queryable,
  actor: Actor,
  body: ProfileImport,
): Promise<{ valid: number } | { created: number[] }> {
  await checkTarget(db, actor, body);
  const errors = await checkRows(db, body, actor);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (body.dry_run) return { valid: body.rows.length };
  const created = await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let start = 0; start < body.rows.length; start += BATCH_ROWS)
      ids.push(...(await insertBatch(tx, actor, body, body.rows.slice(start, start + BATCH_ROWS))));
    return ids;
  });
  if (created.length >= BULK_ROWS) await refreshStatistics(db, ['profiles', 'assignments']);
  return { created };
}

/** One batch of checked rows: their profiles, their assignments and their audit rows. */
async function insertBatch(tx: Queryable, actor: Actor, body: ProfileImport, rows: Row[]) {
  const created = await tx
    .insert(profiles)
    .values(
      rows.map((row) => ({
        firstName: row.first_name!.trim(),
        lastName: row.last_name!.trim(),
        email: row.email?.trim() || null,
        kind: (row.kind?.trim() || null) as ProfileKind | null,
        birthDate: row.birth_date?.trim() || null,
        language: actor.language,
      })),
    )
    .returning();
  const held = await tx
    .insert(assignments)
    .values(created.map((p) => ({ profileId: p.id, unitId: body.unit, role: body.role })))
    .returning();
  const heldBy = new Map(held.map((a) => [a.profileId, a]));
  await recordAudits(
    tx,
    actor,
    created.map((profile) => ({
      action: 'create',
      entity: 'profile',
      entityId: profile.id,
      newValue: auditedProfile({
        profile,
        assignments: [heldBy.get(profile.id)!],
        representatives: [],
        login: undefined,
      }),
    })),
  );
  return created.map((p) => p.id);
}
