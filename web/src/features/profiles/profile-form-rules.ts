import type { FieldErrors, Resolver } from 'react-hook-form';
import { rule } from '../../shared/rule-messages.ts';

export interface AssignmentRow {
  /** set for an assignment already saved */
  id?: number;
  unit: string;
  role: string;
}

export interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  kind: string;
  /** YYYY-MM-DD as the date field gives it, '' when unknown */
  birth_date: string;
  legal_representatives: number[];
  assignments: AssignmentRow[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const UNIT_REQUIRED = 'profiles.unitRequired';

type Errors = Record<string, { type: string; message: string }>;

function checkName(errors: Errors, name: string, value: string) {
  if (!value.trim()) errors[name] = { type: 'required', message: rule('required') };
  else if (value.trim().length > 100)
    errors[name] = { type: 'maxLength', message: rule('maxLength', 100) };
}

/** Spec section 5: an assignment without a unit is refused locally unless the role is ADMIN. */
export function assignmentErrors(rows: AssignmentRow[]): Errors {
  const errors: Errors = {};
  rows.forEach((row, index) => {
    if (row.id !== undefined) return;
    if (!row.role)
      errors[`assignments.${index}.role`] = { type: 'required', message: rule('required') };
    else if (row.role !== 'ADMIN' && !row.unit)
      errors[`assignments.${index}.unit`] = { type: 'unitRequired', message: UNIT_REQUIRED };
  });
  return errors;
}

/** The local rules of the profile form; the server checks again and its refusals are shown too. */
export function profileResolver(options: { needsAssignment: boolean }): Resolver<ProfileValues> {
  return (values) => {
    const errors: Errors = {};
    checkName(errors, 'first_name', values.first_name);
    checkName(errors, 'last_name', values.last_name);
    const email = values.email.trim();
    if (email.length > 254) errors.email = { type: 'maxLength', message: rule('maxLength', 254) };
    else if (email && !EMAIL.test(email)) errors.email = { type: 'email', message: rule('email') };
    Object.assign(errors, assignmentErrors(values.assignments));
    if (options.needsAssignment && values.assignments.length === 0)
      errors.assignments = { type: 'notEmpty', message: rule('notEmpty') };
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: nest(errors) as FieldErrors<ProfileValues> };
  };
}

/** react-hook-form wants `{assignments: [{unit: error}]}` rather than dotted names. */
function nest(flat: Errors): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split('.');
    let node: Record<string, unknown> = root;
    parts.slice(0, -1).forEach((part, i) => {
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
    node[parts.at(-1)!] = error;
  }
  return root;
}
