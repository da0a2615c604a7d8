import { and, eq, like, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Role } from '../../domain/constants.ts';
import type { ProfileListQuery } from '../../domain/schemas/profiles.ts';
import { searchWords } from '../../domain/search-text.ts';
import type { Queryable } from '../db/client.ts';
import { readTogether } from '../db/parallel.ts';
import {
  asPlaceholder,
  countCarried,
  driverDate,
  idsFilter,
  idsShapeOf,
  idsValue,
  oneOfPlaceholder,
  pageOf,
  rowsCompiledByShape,
  type IdsShape,
} from '../db/rows.ts';
import {
  assessments,
  assignments,
  cohortStudents,
  legalRepresentatives,
  profiles,
  profileTallies,
  roleTallies,
  users,
} from '../db/schema/index.ts';
import type { Actor } from '../policies/actor.ts';
import {
  assignmentScopeOf,
  assignmentScopeParts,
  assignmentScopeWhere,
  profileScopeOf,
  profileScopeSets,
  profileScopeWhere,
  type AssignmentScopeShape,
  type ProfileScopeShape,
} from '../policies/people-scope.ts';
import type { ProfileRow } from './rows.ts';

/** What changes the text of a profile list's WHERE: the scope, which filters, which words. */
interface ListShape {
  scope: ProfileScopeShape;
  status: boolean;
  cohort: boolean;
  module: boolean;
  /** each word searched: found through the trigram index, or too short for it */
  words: WordKind[];
  /** the roles and units filters, within the assignments the actor sees */
  held: { roles: IdsShape; units: IdsShape; scope: AssignmentScopeShape } | null;
}

/** What changes the text of a page: its WHERE, its order and its size. */
interface PageShape extends ListShape {
  ordering: ProfileOrdering;
  limit: number;
}

type ProfileOrdering = NonNullable<ProfileListQuery['ordering']>;
type ListValues = Record<string, unknown>;

/** The shortest word the trigram index finds by its trigrams; for a shorter one it reads whole. */
const TRIGRAM = 3;

type WordKind = 'indexed' | 'short';
const kindOf = (word: string): WordKind => (word.length >= TRIGRAM ? 'indexed' : 'short');

/**
 * Every word somewhere in the names or the address: a word the trigram index finds as a LIKE, a
 * shorter one by its position, which the index cannot serve. As a LIKE, a one-letter word made a
 * plan made once for any word read the whole index (60–80 ms for a manager's search of "e" at
 * canton scale) where the manager's 1,700 people take 5.
 */
const searchCondition = (words: WordKind[]): SQL[] =>
  words.map((kind, i) =>
    kind === 'indexed'
      ? like(profiles.searchText, sql.placeholder(`word${i}`))
      : sql`strpos(${profiles.searchText}, ${sql.placeholder(`word${i}`)}) > 0`,
  );

/** A word's value: a LIKE pattern for an indexed word (wildcards taken literally), else itself. */
const wordValue = (word: string) =>
  kindOf(word) === 'indexed' ? `%${word.replace(/[\\%_]/g, '\\$&')}%` : word;

/**
 * Whether a search reads its matches before it orders them. Left to itself, PostgreSQL walked the
 * names in order and tested each profile against the words, expecting the matches spread evenly:
 * searching "Müller" or "Huber" read tens of thousands of a canton's 105,000 profiles before the
 * 20th match (20–40 ms at canton scale, where reading the 7,500 matches and sorting them takes
 * 9–14). Matches are bounded when the trigram index finds a word, or when the reader sees a
 * bounded set of people; an admin's search for one or two letters matches nearly everyone, and
 * the walk in name order finds its page first.
 */
const readsMatchesFirst = ({ scope, words }: ListShape) =>
  words.length > 0 && (!scope.all || words.includes('indexed'));

/**
 * Among the students a filter names (a cohort's, a module's: 5,000 at most), read first as an
 * array. As `id in (select …)`, the planner tried each of an instructor's 750 students against
 * a module's assessments (19 ms at canton scale) instead of starting from its 120 (5 ms).
 */
const namedBy = (ids: SQL) => sql`${profiles.id} = any(array(${ids}))`;

/**
 * The people holding the roles and units filtered, among the assignments the actor sees: one
 * select per part of that scope. As `unit in (…) or unit is null`, the planner tested each of a
 * manager's 1,700 people against their assignments' rows instead of hashing the 750 holders.
 * A manager's holders are read first as an array, as namedBy's students are: as `in (select
 * …)`, the planner read the profile of each of the 1,700 people a manager sees (their students'
 * representatives too) to keep the 750 students (5.7 → 2.3 ms of database time at canton scale).
 * An admin's holders may be the canton's 45,000, and an instructor sees fewer people (their
 * groups' students) than their unit holds students: those stay a hashed set. One role is bound
 * as a value, as the students page asks: over an array, the plan made once for any values
 * expected several roles and was never taken, so an instructor's student list was planned again
 * at every request (0.6–0.8 ms of its 4.5).
 */
function heldFilter(held: NonNullable<ListShape['held']>, scope: ProfileScopeShape): SQL {
  const holders = (scopePart: SQL) =>
    sql`select ${assignments.profileId} from ${assignments} where ${and(
      scopePart,
      idsFilter(assignments.role, 'roles', held.roles, 'text'),
      idsFilter(assignments.unitId, 'units', held.units),
    )}`;
  const parts = assignmentScopeParts(held.scope, asPlaceholder).map(holders);
  const union = sql.join(parts, sql` union all `);
  return !scope.all && scope.managed.length > 0
    ? namedBy(union)
    : sql`${profiles.id} in (${union})`;
}

/**
 * The actor's reach. A search's matches among a reader's people start from those people, read
 * first as an array: as `id in (…)`, the plan made once for any word read every profile of the
 * canton to test it, where a manager's unit holds a few hundred.
 */
function scopeWhere(shape: ListShape): SQL {
  const sets = readsMatchesFirst(shape) ? profileScopeSets(shape.scope, asPlaceholder) : null;
  return sets?.length
    ? namedBy(sql.join(sets, sql` union all `))
    : profileScopeWhere(shape.scope, asPlaceholder);
}

/** The WHERE clause of a profile list: the actor's reach, then the filters. */
function profileListWhere(shape: ListShape): SQL {
  return and(
    scopeWhere(shape),
    shape.status ? eq(profiles.status, sql.placeholder('status')) : undefined,
    shape.cohort
      ? namedBy(sql`select ${cohortStudents.studentId} from ${cohortStudents}
          where ${cohortStudents.cohortId} = ${asPlaceholder('cohort')}`)
      : undefined,
    shape.module
      ? namedBy(sql`select ${assessments.studentId} from ${assessments}
          where ${assessments.moduleId} = ${asPlaceholder('module')}`)
      : undefined,
    ...searchCondition(shape.words),
    shape.held ? heldFilter(shape.held, shape.scope) : undefined,
  )!;
}

/** The actor's scope and the filters as a shape and the values of its placeholders. */
function listOf(actor: Actor, query: ProfileListQuery): { shape: ListShape; values: ListValues } {
  const scope = profileScopeOf(actor);
  const words = query.search ? searchWords(query.search) : [];
  const filtersHeld = Boolean(query.roles?.length || query.unit?.length);
  const assignmentScope = assignmentScopeOf(actor);
  const shape: ListShape = {
    scope: scope.shape,
    status: query.status !== undefined,
    cohort: query.cohort !== undefined,
    module: query.module !== undefined,
    words: words.map(kindOf),
    held: filtersHeld
      ? {
          roles: idsShapeOf(query.roles),
          units: idsShapeOf(query.unit),
          scope: assignmentScope.shape,
        }
      : null,
  };
  const values: ListValues = {
    ...scope.values,
    ...assignmentScope.values,
    status: query.status ?? '',
    cohort: query.cohort ?? 0,
    module: query.module ?? 0,
    roles: idsValue(query.roles ?? []),
    units: idsValue(query.unit ?? []),
  };
  words.forEach((word, i) => (values[`word${i}`] = wordValue(word)));
  return { shape, values };
}

const COLUMNS: Record<string, SQLWrapper> = {
  last_name: profiles.lastName,
  first_name: profiles.firstName,
  email: profiles.email,
  created_at: profiles.createdAt,
};

/** A profile's columns as ProfileRow names them, but the search text, which only the database reads. */
const LISTED = sql`select id, first_name as "firstName", last_name as "lastName", email, kind,
  status, language, birth_date as "birthDate", erased_at as "erasedAt", user_id as "userId",
  created_at as "createdAt", updated_at as "updatedAt"`;

type ListedRow = Omit<ProfileRow, 'erasedAt' | 'createdAt' | 'updatedAt'> & {
  erasedAt: string | Date | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  total: number | string | null;
};

/** Whether the page counts the list (its rows carry the total), else it is counted apart. */
const carriesCount = (shape: ListShape) => !shape.scope.all || readsMatchesFirst(shape);

/**
 * A page of the list, compiled once for each shape. A manager's or an instructor's profiles are
 * a set of ids computed from their units or groups: one statement gives the page and the set's
 * size (`count(*) over ()`), so the set is computed once, not once for the count and again for
 * the page. The page is chosen by id and name alone, which profiles_id_names_idx holds, and only
 * its rows are read whole: sorting a unit's 1,700 people by name read each one's row, scattered
 * over a canton's table. An ADMIN's are every profile: counted apart from the page, from the
 * tallies when no more than the status filters them, else through an index. A search whose
 * matches are bounded reads them first and orders them (readsMatchesFirst), counting them too.
 */
const pageRows = rowsCompiledByShape<ListedRow, ListValues, PageShape>((shape) => {
  const column = COLUMNS[shape.ordering.replace(/^-/, '')]!;
  const direction = sql.raw(shape.ordering.startsWith('-') ? 'desc' : 'asc');
  const ordered = [...new Set([column, profiles.lastName, profiles.firstName, profiles.id])];
  const order = sql`order by ${sql.join(
    ordered.map((c) => sql`${c} ${direction}`),
    sql`, `,
  )}`;
  const page = pageOf({ limit: shape.limit, offset: sql.placeholder('offset') });
  // the page's profiles read whole, in the page's order
  const pageProfiles = sql`${LISTED}, page.total
    from page join ${profiles} on ${profiles.id} = page.page_id ${order}`;
  if (readsMatchesFirst(shape))
    // the matches keep only the columns of the order, and go by the table's name, so the order
    // reads them as written; counted apart from the page, which sorts only its top rows
    return sql`with matches as materialized (
        select ${sql.join(ordered, sql`, `)} from ${profiles} where ${profileListWhere(shape)}
      ),
      page as (
        select ${profiles.id} as page_id, (select count(*) from matches) as total
        from matches ${profiles} ${order} ${page}
      )
      ${pageProfiles}`;
  const total = carriesCount(shape) ? sql`count(*) over ()` : sql`null`;
  return sql`with page as (
      select ${profiles.id} as page_id, ${total} as total from ${profiles}
      where ${profileListWhere(shape)} ${order} ${page}
    )
    ${pageProfiles}`;
});

/** The count of the list, compiled once for each shape. */
const countRows = rowsCompiledByShape<{ n: number }, ListValues, ListShape>(
  (shape) => sql`select count(*)::int as n from ${profiles} where ${profileListWhere(shape)}`,
);

/**
 * Every profile, or every holder of one role (`roles`), of a status (`status`) or of any: read
 * from the tallies the triggers keep.
 */
const talliedRows = rowsCompiledByShape<
  { n: number },
  ListValues,
  { status: boolean; role: boolean }
>(({ status, role }) => {
  const tally = role ? roleTallies : profileTallies;
  const where = and(
    status ? eq(tally.status, sql.placeholder('status')) : undefined,
    role ? eq(roleTallies.role, sql.placeholder('roles')) : undefined,
  );
  return sql`select coalesce(sum(${tally.profiles}), 0)::int as n from ${tally}
    ${where ? sql`where ${where}` : sql``}`;
});

/**
 * An admin's list filtered by status and one role at most (the students page): its count is a
 * tally, whatever the canton's size.
 */
const isTallied = ({ scope, cohort, module, words, held }: ListShape) =>
  scope.all &&
  !cohort &&
  !module &&
  words.length === 0 &&
  (held === null || (held.roles === 'one' && held.units === 'none'));

const profileOf = ({ total: _total, erasedAt, createdAt, updatedAt, ...row }: ListedRow) => ({
  ...row,
  erasedAt: erasedAt === null ? null : driverDate(erasedAt),
  createdAt: driverDate(createdAt),
  updatedAt: driverDate(updatedAt),
});

/** One page of the profiles the actor sees, and how many there are in all. */
export async function listProfiles(db: Queryable, actor: Actor, query: ProfileListQuery) {
  const { shape, values } = listOf(actor, query);
  const pageShape = { ...shape, ordering: query.ordering ?? 'last_name', limit: query.limit };
  const page = () => pageRows(db, pageShape, { ...values, offset: query.offset });
  const countAll = async () =>
    (isTallied(shape)
      ? await talliedRows(db, { status: shape.status, role: shape.held !== null }, values)
      : await countRows(db, shape, values))[0]!.n;
  if (!carriesCount(shape)) {
    const [total, rows] = await readTogether(db, [countAll, page] as const);
    return { count: total, rows: rows.map(profileOf) };
  }
  const rows = await page();
  return { count: await countCarried(rows, query.offset, countAll), rows: rows.map(profileOf) };
}

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

/** What changes the text of a record's reads: one profile or several, the assignment scope. */
interface RecordsShape {
  many: boolean;
  scope: AssignmentScopeShape;
}

type RecordsValues = { ids: number | number[]; unitIds: number | number[] };

const heldRows = rowsCompiledByShape<
  ProfileRecord['assignments'][number],
  RecordsValues,
  RecordsShape
>(
  ({ many, scope }) => sql`select id, profile_id as "profileId", unit_id as "unitId", role
    from ${assignments}
    where ${oneOfPlaceholder(assignments.profileId, 'ids', many)}
      and ${assignmentScopeWhere(scope, asPlaceholder)}
    order by id`,
);

const representativeRows = rowsCompiledByShape<
  ProfileRecord['representatives'][number],
  { ids: number | number[] },
  boolean
>(
  (many) => sql`select r.student_id as "studentId", r.representative_id as "representativeId",
      p.first_name as "firstName", p.last_name as "lastName"
    from ${legalRepresentatives} r join ${profiles} p on p.id = r.representative_id
    where ${oneOfPlaceholder(sql`r.student_id`, 'ids', many)}
    order by r.representative_id`,
);

const loginRows = rowsCompiledByShape<
  NonNullable<ProfileRecord['login']>,
  { ids: number | number[] },
  boolean
>(
  (many) => sql`select id, is_active as "isActive", password_hash is not null as "hasPassword"
    from ${users} where ${oneOfPlaceholder(sql`id`, 'ids', many)}`,
);

/**
 * Profiles with what the actor may see of their assignments (never other units'), their legal
 * representatives by name and their login; three statements compiled once, whatever the number of
 * rows. Keeps the order of `rows`.
 */
export async function readProfileRecords(
  db: Queryable,
  actor: Actor,
  rows: ProfileRow[],
): Promise<ProfileRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const userIds = rows.flatMap((row) => (row.userId == null ? [] : [row.userId]));
  const scope = assignmentScopeOf(actor);
  const [held, representatives, logins] = await readTogether(db, [
    () =>
      heldRows(
        db,
        { many: ids.length !== 1, scope: scope.shape },
        { ids: idsValue(ids), ...scope.values },
      ),
    () => representativeRows(db, ids.length !== 1, { ids: idsValue(ids) }),
    () =>
      userIds.length
        ? loginRows(db, userIds.length !== 1, { ids: idsValue(userIds) })
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
