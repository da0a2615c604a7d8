import { api } from '../../shared/api-client.ts';
import { ApiError } from '../../shared/api-error.ts';
import type { ProfileJson } from '../../shared/api/profiles.ts';
import type { ProfileValues } from './profile-form-rules.ts';

const unitOf = (unit: string) => (unit ? Number(unit) : null);

function fieldsOf(values: ProfileValues) {
  const isStudent = values.assignments.some((a) => a.role === 'STUDENT');
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim() || null,
    ...(isStudent
      ? {
          kind: values.kind || null,
          birth_date: values.birth_date || null,
          legal_representatives: values.legal_representatives,
        }
      : {}),
  };
}

export const createProfile = (values: ProfileValues) =>
  api.post<ProfileJson>('/profiles/', {
    ...fieldsOf(values),
    assignments: values.assignments.map((a) => ({ unit: unitOf(a.unit), role: a.role })),
  });

/** A refusal of one assignment, told as the refusal of its row of the form. */
function asRowError(error: unknown, index: number): unknown {
  if (!(error instanceof ApiError) || error.status !== 400) return error;
  const body = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) =>
      field === 'unit' || field === 'role'
        ? [`assignments.${index}.${field}`, messages]
        : [field, messages],
    ),
  );
  return new ApiError(400, body);
}

/**
 * PATCH of the fields, then the assignments removed and added, each a call of its own. Answers
 * the new address when it waits for its confirmation (a profile with a login keeps its address
 * until the link mailed to the new one is opened).
 */
export async function updateProfile(
  before: ProfileJson,
  values: ProfileValues,
): Promise<{ pendingEmail?: string }> {
  const asked = fieldsOf(values).email;
  const saved = await api.patch<ProfileJson>(`/profiles/${before.id}/`, fieldsOf(values));
  const kept = new Set(values.assignments.flatMap((a) => (a.id === undefined ? [] : [a.id])));
  for (const old of before.assignments)
    if (!kept.has(old.id)) await api.delete(`/assignments/${old.id}/`);
  for (const [index, row] of values.assignments.entries()) {
    if (row.id !== undefined) continue;
    try {
      await api.post('/assignments/', {
        profile: before.id,
        unit: unitOf(row.unit),
        role: row.role,
      });
    } catch (error) {
      throw asRowError(error, index);
    }
  }
  const pending = asked && asked.toLowerCase() !== saved.email?.toLowerCase();
  return pending ? { pendingEmail: asked } : {};
}

export const valuesOf = (profile: ProfileJson): ProfileValues => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  email: profile.email ?? '',
  kind: profile.kind ?? '',
  birth_date: profile.birth_date ?? '',
  legal_representatives: profile.legal_representatives,
  assignments: profile.assignments.map((a) => ({
    id: a.id,
    unit: a.unit === null ? '' : String(a.unit),
    role: a.role,
  })),
});
