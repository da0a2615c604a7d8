import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { ARCHIVE_STATUSES, LOCALES, PROFILE_KINDS } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { assignments, legalRepresentatives, profiles, users } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { assignmentScope } from '../policies/people-scope.ts';
import { presentProfileAssignment, profileAssignmentSchema } from './assignment.ts';

export const profileSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  initials: z.string(),
  kind: z.enum(PROFILE_KINDS).nullable(),
  status: z.enum(ARCHIVE_STATUSES),
  language: z.enum(LOCALES),
  assignments: z.array(profileAssignmentSchema),
  legal_representatives: z.array(z.number().int()),
  user: z
    .object({ id: z.number().int(), is_active: z.boolean(), has_password: z.boolean() })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProfileJson = z.infer<typeof profileSchema>;

type ProfileRow = typeof profiles.$inferSelect;

/** Spec section 3: the first letters of first and last name, empty if either is missing. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = [...firstName.trim()][0];
  const last = [...lastName.trim()][0];
  return first && last ? `${first}${last}`.toUpperCase() : '';
}

/**
 * Profiles as JSON, with what the actor may see of their assignments (never other units'),
 * their legal representatives and their login. Keeps the order of `rows`.
 */
export async function presentProfiles(
  db: Queryable,
  actor: Actor,
  rows: ProfileRow[],
): Promise<ProfileJson[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const userIds = rows.flatMap((row) => (row.userId == null ? [] : [row.userId]));
  // one query after the other: inside a transaction they share one connection
  const held = await db
    .select()
    .from(assignments)
    .where(and(inArray(assignments.profileId, ids), assignmentScope(actor)))
    .orderBy(asc(assignments.id));
  const representatives = await db
    .select()
    .from(legalRepresentatives)
    .where(inArray(legalRepresentatives.studentId, ids))
    .orderBy(asc(legalRepresentatives.representativeId));
  const logins = userIds.length
    ? await db
        .select({ id: users.id, isActive: users.isActive, passwordHash: users.passwordHash })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  return rows.map((row) => {
    const login = logins.find((u) => u.id === row.userId);
    return {
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      initials: initialsOf(row.firstName, row.lastName),
      kind: row.kind,
      status: row.status,
      language: row.language,
      assignments: held.filter((a) => a.profileId === row.id).map(presentProfileAssignment),
      legal_representatives: representatives
        .filter((r) => r.studentId === row.id)
        .map((r) => r.representativeId),
      user: login
        ? { id: login.id, is_active: login.isActive, has_password: login.passwordHash !== null }
        : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function presentProfile(db: Queryable, actor: Actor, id: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  const [json] = await presentProfiles(db, actor, [row!]);
  return json!;
}

/** What the audit trail keeps of a profile: its own fields and links, not the login's secrets. */
export const auditedProfile = (json: ProfileJson) => {
  const { user, initials: _initials, ...rest } = json;
  return { ...rest, user: user?.id ?? null };
};
