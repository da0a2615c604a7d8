import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  like,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Role } from '../../domain/constants.ts';
import type { ProfileListQuery } from '../../domain/schemas/profiles.ts';
import { searchWords } from '../../domain/search-text.ts';
import type { Queryable } from '../db/client.ts';
import { readTogether } from '../db/parallel.ts';
import { oneOf, runNamed } from '../db/rows.ts';
import { assignments, legalRepresentatives, profiles, users } from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import { assignmentScope, profileScope, seesEveryProfile } from '../policies/people-scope.ts';
import type { ProfileRow } from './rows.ts';

const COLUMNS = {
  last_name: profiles.lastName,
  first_name: profiles.firstName,
  email: profiles.email,
  created_at: profiles.createdAt,
};

function searchCondition(search: string): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  // every word somewhere in the names or the address: the trigram index serves each LIKE
  return and(
    ...words.map((word) => like(profiles.searchText, `%${word.replace(/[\\%_]/g, '\\$&')}%`)),
  );
}

/** The WHERE clause of a profile list: the actor's reach, then the filters. */
function profileListWhere(db: Queryable, actor: Actor, query: ProfileListQuery) {
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
                query.unit?.length ? oneOf(assignments.unitId, query.unit) : undefined,
              ),
            ),
        )
      : undefined;
  return and(
    profileScope(actor),
    query.status ? eq(profiles.status, query.status) : undefined,
    query.search ? searchCondition(query.search) : undefined,
    assignmentFilter,
  );
}

/** A profile's columns but the search text, which only the database reads. */
const { searchText: _searchText, ...LISTED_COLUMNS } = getTableColumns(profiles);

/**
 * One page of the profiles the actor sees, and how many there are in all. A manager's or an
 * instructor's profiles are a set of ids computed from their units or groups: one statement gives
 * the page and the set's size (`count(*) over ()`), so the set is computed once, not once for the
 * count and again for the page. An ADMIN's are every profile: counted apart from the page, through
 * an index, rather than numbered row by row.
 */
export async function listProfiles(db: Queryable, actor: Actor, query: ProfileListQuery) {
  const where = profileListWhere(db, actor, query);
  const ordering = query.ordering ?? 'last_name';
  const column = COLUMNS[ordering.replace(/^-/, '') as keyof typeof COLUMNS];
  const everyProfile = seesEveryProfile(actor);
  const page = () =>
    runNamed(
      db
        .select({ ...LISTED_COLUMNS, total: everyProfile ? NO_COUNT : WINDOW_COUNT })
        .from(profiles)
        .where(where)
        .orderBy(
          ordering.startsWith('-') ? desc(column) : asc(column),
          asc(profiles.lastName),
          asc(profiles.firstName),
          asc(profiles.id),
        )
        .limit(query.limit)
        .offset(query.offset),
    );
  const countAll = async () =>
    (await runNamed(db.select({ n: count() }).from(profiles).where(where)))[0]!.n;
  if (everyProfile) {
    const [total, rows] = await readTogether(db, [countAll, page] as const);
    return { count: total, rows: rows.map(withoutTotal) };
  }
  const rows = await page();
  // a page past the end holds no row to carry the count
  const total = rows[0]?.total ?? (query.offset > 0 ? await countAll() : 0);
  return { count: total, rows: rows.map(withoutTotal) };
}

const withoutTotal = <R extends { total: unknown }>({ total: _total, ...row }: R) => row;

/** The number of rows the WHERE clause matched, on each row of the page. */
const WINDOW_COUNT = sql<number | null>`count(*) over ()`.mapWith(Number);
/** An ADMIN's page, whose count has a statement of its own. */
const NO_COUNT = sql<number | null>`null`;

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const bucket = out.get(key(item));
    if (bucket) bucket.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}

/** A profile with what the reader may see of its links (readProfileRecords). */
export interface ProfileRecord {
  profile: ProfileRow;
  assignments: { id: number; profileId: number; unitId: number | null; role: Role }[];
  representatives: {
    studentId: number;
    representativeId: number;
    firstName: string;
    lastName: string;
  }[];
  login: { id: number; isActive: boolean; hasPassword: boolean } | undefined;
}

/**
 * Profiles with what the actor may see of their assignments (never other units'), their legal
 * representatives by name and their login; three queries whatever the number of rows. Keeps the
 * order of `rows`.
 */
export async function readProfileRecords(
  db: Queryable,
  actor: Actor,
  rows: ProfileRow[],
): Promise<ProfileRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const userIds = rows.flatMap((row) => (row.userId == null ? [] : [row.userId]));
  // each list is one array parameter, whatever the number of rows: named, planned once
  const [held, representatives, logins] = await readTogether(db, [
    () =>
      runNamed(
        db
          .select({
            id: assignments.id,
            profileId: assignments.profileId,
            unitId: assignments.unitId,
            role: assignments.role,
          })
          .from(assignments)
          .where(and(oneOf(assignments.profileId, ids), assignmentScope(actor)))
          .orderBy(asc(assignments.id)),
      ),
    () =>
      runNamed(
        db
          .select({
            studentId: legalRepresentatives.studentId,
            representativeId: legalRepresentatives.representativeId,
            firstName: profiles.firstName,
            lastName: profiles.lastName,
          })
          .from(legalRepresentatives)
          .innerJoin(profiles, eq(profiles.id, legalRepresentatives.representativeId))
          .where(oneOf(legalRepresentatives.studentId, ids))
          .orderBy(asc(legalRepresentatives.representativeId)),
      ),
    () =>
      userIds.length
        ? runNamed(
            db
              .select({
                id: users.id,
                isActive: users.isActive,
                hasPassword: sql<boolean>`${users.passwordHash} is not null`,
              })
              .from(users)
              .where(oneOf(users.id, userIds)),
          )
        : Promise.resolve([]),
  ] as const);
  const assignmentsOf = groupBy(held, (a) => a.profileId);
  const representativesOf = groupBy(representatives, (r) => r.studentId);
  const loginOf = new Map(logins.map((u) => [u.id, u]));
  return rows.map((profile) => ({
    profile,
    assignments: assignmentsOf.get(profile.id) ?? [],
    representatives: representativesOf.get(profile.id) ?? [],
    login: profile.userId == null ? undefined : loginOf.get(profile.userId),
  }));
}

/** One profile as readProfileRecords reads it; the caller has checked it is visible. */
export async function readProfileRecord(db: Queryable, actor: Actor, id: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  const [record] = await readProfileRecords(db, actor, [row!]);
  return record!;
}
