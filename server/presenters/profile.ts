import type { ProfileJson } from '../../domain/schemas/profiles.ts';
import type { ProfileRecord } from '../queries/profiles.ts';

/** Spec section 3: the first letters of first and last name, empty if either is missing. */
function initialsOf(firstName: string, lastName: string): string {
  const first = [...firstName.trim()][0];
  const last = [...lastName.trim()][0];
  return first && last ? `${first}${last}`.toUpperCase() : '';
}

/** A profile as the API answers it. */
export function presentProfile({
  profile: row,
  assignments,
  representatives,
  login,
}: ProfileRecord): ProfileJson {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    initials: initialsOf(row.firstName, row.lastName),
    kind: row.kind,
    status: row.status,
    language: row.language,
    birth_date: row.birthDate,
    assignments: assignments.map((a) => ({ id: a.id, unit: a.unitId, role: a.role })),
    legal_representatives: representatives.map((r) => r.representativeId),
    legal_representative_details: representatives.map((r) => ({
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
}
