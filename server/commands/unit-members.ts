import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { assignments } from '../db/schema/index.ts';
import type { MessageKey } from '../i18n/index.ts';
import { badRequest } from '../lib/errors.ts';

/** The profiles named, once each; 400 on `field` unless every one holds one of `roles` in the unit. */
export async function checkUnitMembers(
  db: Queryable,
  unitId: number,
  profileIds: number[],
  roles: readonly Role[],
  error: { field: string; key: MessageKey },
) {
  const wanted = [...new Set(profileIds)];
  if (wanted.length === 0) return wanted;
  const rows = await db
    .selectDistinct({ id: assignments.profileId })
    .from(assignments)
    .where(
      and(
        inArray(assignments.profileId, wanted),
        eq(assignments.unitId, unitId),
        inArray(assignments.role, [...roles]),
      ),
    );
  if (rows.length !== wanted.length) throw badRequest(error.field, error.key);
  return wanted;
}
