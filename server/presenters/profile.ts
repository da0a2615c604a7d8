import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ARCHIVE_STATUSES, LOCALES, PROFILE_KINDS } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { readTogether } from '../db/parallel.ts';
import { assignments, legalRepresentatives, profiles, users } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { assignmentScope } from '../policies/people-scope.ts';
import { profileAssignmentSchema } from './assignment.ts';

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
  /** their names, for whoever reads the student: a parent is named, never shown as a number */
  legal_representative_details: z.array(
    z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  ),
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

/** `column = any($1::int[])`: one parameter for the whole list of ids. */
const anyOf = (column: AnyPgColumn, ids: number[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::int[])`;

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const bucket = out.get(key(item));
    if (bucket) bucket.push(item);
    else out.set(key(item), [item]);
  }
  return out;
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
  // each list is one array parameter, whatever the number of rows
  const [held, representatives, logins] = await readTogether(db, [
    () =>
      db
        .select({
          id: assignments.id,
          profileId: assignments.profileId,
          unitId: assignments.unitId,
          role: assignments.role,
        })
        .from(assignments)
        .where(and(anyOf(assignments.profileId, ids), assignmentScope(actor)))
        .orderBy(asc(assignments.id)),
    () =>
      db
        .select({
          studentId: legalRepresentatives.studentId,
          representativeId: legalRepresentatives.representativeId,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
        })
        .from(legalRepresentatives)
        .innerJoin(profiles, eq(profiles.id, legalRepresentatives.representativeId))
        .where(anyOf(legalRepresentatives.studentId, ids))
        .orderBy(asc(legalRepresentatives.representativeId)),
    () =>
      userIds.length
        ? db
            .select({
              id: users.id,
              isActive: users.isActive,
              hasPassword: sql<boolean>`${users.passwordHash} is not null`,
            })
            .from(users)
            .where(anyOf(users.id, userIds))
        : Promise.resolve([]),
  ] as const);
  const assignmentsOf = groupBy(held, (a) => a.profileId);
  const representativesOf = groupBy(representatives, (r) => r.studentId);
  const loginOf = new Map(logins.map((u) => [u.id, u]));
  return rows.map((row) => {
    const login = row.userId == null ? undefined : loginOf.get(row.userId);
    return {
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      initials: initialsOf(row.firstName, row.lastName),
      kind: row.kind,
      status: row.status,
      language: row.language,
      assignments: (assignmentsOf.get(row.id) ?? []).map((a) => ({
        id: a.id,
        unit: a.unitId,
        role: a.role,
      })),
      legal_representatives: (representativesOf.get(row.id) ?? []).map((r) => r.representativeId),
      legal_representative_details: (representativesOf.get(row.id) ?? []).map((r) => ({
        id: r.representativeId,
        first_name: r.firstName,
        last_name: r.lastName,
      })),
      user: login
        ? { id: login.id, is_active: login.isActive, has_password: login.hasPassword }
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
  const { user, initials: _initials, legal_representative_details: _names, ...rest } = json;
  return { ...rest, user: user?.id ?? null };
};
