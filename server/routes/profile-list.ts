import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ARCHIVE_STATUSES, ROLES } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { assignments, profiles } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { assignmentScope, profileScope } from '../policies/people-scope.ts';
import { readTogether } from '../db/parallel.ts';
import { repeated } from '../../domain/schemas/page.ts';

export const PROFILE_PAGE_SIZE = 50;
/** The profile list serves pages of up to 5,000 rows (the benchmarked size), more than other lists. */
export const PROFILE_MAX_PAGE_SIZE = 5000;
const ORDERINGS = ['last_name', 'first_name', 'email', 'created_at'] as const;

export const profileListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PROFILE_MAX_PAGE_SIZE).default(PROFILE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  roles: repeated(z.enum(ROLES)),
  unit: repeated(z.coerce.number().int().positive()),
  status: z.enum(ARCHIVE_STATUSES).optional(),
  search: z.string().max(254).optional(),
  ordering: z.enum([...ORDERINGS, ...ORDERINGS.map((o) => `-${o}` as const)]).optional(),
});
export type ProfileListQuery = z.infer<typeof profileListQuery>;

const COLUMNS = {
  last_name: profiles.lastName,
  first_name: profiles.firstName,
  email: profiles.email,
  created_at: profiles.createdAt,
};

// accents folded with translate(): works the same on PGlite and PostgreSQL, no extension needed
const ACCENTED = 'àáâäãåçèéêëìíîïñòóôöõùúûüýÿÀÁÂÄÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÖÕÙÚÛÜÝ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyAAAAAACEEEEIIIINOOOOOUUUUY';
export const fold = (text: string) =>
  text
    .split('')
    .map((c) => {
      const i = ACCENTED.indexOf(c);
      return i < 0 ? c : PLAIN[i];
    })
    .join('')
    .toLowerCase();
const folded = (column: AnyPgColumn) =>
  sql`lower(translate(coalesce(${column}, ''), ${ACCENTED}, ${PLAIN}))`;

function searchCondition(search: string): SQL | undefined {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return or(
        sql`${folded(profiles.firstName)} like ${pattern}`,
        sql`${folded(profiles.lastName)} like ${pattern}`,
        sql`${folded(profiles.email)} like ${pattern}`,
      );
    }),
  );
}

/** The WHERE clause of a profile list: the actor's reach, then the filters. */
export function profileListWhere(db: Queryable, actor: Actor, query: ProfileListQuery) {
  const assignmentFilter =
    query.roles?.length || query.unit?.length
      ? inArray(
          profiles.id,
          db
            .select({ id: assignments.profileId })
            .from(assignments)
            .where(
              and(
                assignmentScope(actor),
                query.roles?.length ? inArray(assignments.role, query.roles) : undefined,
                query.unit?.length ? inArray(assignments.unitId, query.unit) : undefined,
              ),
            ),
        )
      : undefined;
  return and(
    profileScope(db, actor),
    query.status ? eq(profiles.status, query.status) : undefined,
    query.search ? searchCondition(query.search) : undefined,
    assignmentFilter,
  );
}

/** One page of the profiles the actor sees, and how many there are in all. */
export async function listProfiles(db: Queryable, actor: Actor, query: ProfileListQuery) {
  const where = profileListWhere(db, actor, query);
  const ordering = query.ordering ?? 'last_name';
  const descending = ordering.startsWith('-');
  const column = COLUMNS[ordering.replace(/^-/, '') as keyof typeof COLUMNS];
  const [[total], rows] = await readTogether(db, [
    () => db.select({ n: count() }).from(profiles).where(where),
    () =>
      db
        .select()
        .from(profiles)
        .where(where)
        .orderBy(
          descending ? desc(column) : asc(column),
          asc(profiles.lastName),
          asc(profiles.firstName),
          asc(profiles.id),
        )
        .limit(query.limit)
        .offset(query.offset),
  ] as const);
  return { count: total!.n, rows };
}
