import type { Role } from '../../domain/constants.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Queryable } from '../db/client.ts';
import { assignments, profiles, units, users } from '../db/schema/index.ts';

/** Factories with overrides, shared by tests, seeds and end-to-end setup. */

let sequence = 0;
const next = () => ++sequence;

export const TEST_PASSWORD = 'correct-horse-battery-staple';
let cachedHash: Promise<string> | undefined;
const testPasswordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

export async function createUnit(
  db: Queryable,
  overrides: Partial<typeof units.$inferInsert> = {},
) {
  const n = next();
  const [unit] = await db
    .insert(units)
    .values({ name: `Unit ${n}`, code: `U${n}`, ...overrides })
    .returning();
  return unit!;
}

export interface PersonOptions {
  roles?: { role: Role; unitId: number | null }[];
  profile?: Partial<typeof profiles.$inferInsert>;
  /** false: a profile without login account */
  withUser?: boolean;
  user?: Partial<typeof users.$inferInsert>;
}

/** A profile with its assignments and, unless told otherwise, an active login with TEST_PASSWORD. */
export async function createPerson(db: Queryable, options: PersonOptions = {}) {
  const n = next();
  const email = options.profile?.email ?? `person${n}@example.ch`;
  const user =
    options.withUser === false
      ? undefined
      : (
          await db
            .insert(users)
            .values({
              email,
              passwordHash: await testPasswordHash(),
              dataProcessingAcceptedAt: new Date(),
              ...options.user,
            })
            .returning()
        )[0];
  const [profile] = await db
    .insert(profiles)
    .values({
      firstName: `First${n}`,
      lastName: `Last${n}`,
      email,
      userId: user?.id ?? null,
      ...options.profile,
    })
    .returning();
  for (const assignment of options.roles ?? []) {
    await db.insert(assignments).values({ profileId: profile!.id, ...assignment });
  }
  return { profile: profile!, user, email };
}
