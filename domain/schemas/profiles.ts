/** The requests and the answers of /api/profiles/. */
import { z } from 'zod';
import { ARCHIVE_STATUSES, LOCALES, PROFILE_KINDS, ROLES } from '../constants.ts';
import { profileAssignmentSchema } from './assignments.ts';
import { isoDay } from './common.ts';
import { pagingQuery, repeated } from './page.ts';

export const profileSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  initials: z.string(),
  kind: z.enum(PROFILE_KINDS).nullable(),
  status: z.enum(ARCHIVE_STATUSES),
  language: z.enum(LOCALES),
  /** YYYY-MM-DD: the sign-off of a training report needs it (a minor's legal representative) */
  birth_date: z.string().nullable(),
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

const PROFILE_PAGE_SIZE = 50;
const ORDERINGS = ['last_name', 'first_name', 'email', 'created_at'] as const;

export const profileListQuery = z.object({
  limit: pagingQuery.limit.default(PROFILE_PAGE_SIZE),
  offset: pagingQuery.offset,
  roles: repeated(z.enum(ROLES)),
  unit: repeated(z.coerce.number().int().positive()),
  /** the students of this cohort (those the reader sees): the cohort's dialog names them */
  cohort: z.coerce.number().int().positive().optional(),
  /** the students assessed in this module (those the reader sees): the student list's filter */
  module: z.coerce.number().int().positive().optional(),
  status: z.enum(ARCHIVE_STATUSES).optional(),
  search: z.string().max(254).optional(),
  ordering: z.enum([...ORDERINGS, ...ORDERINGS.map((o) => `-${o}` as const)]).optional(),
});
export type ProfileListQuery = z.infer<typeof profileListQuery>;

const id = z.number().int().positive();
const name = z.string().trim().min(1).max(100);
const email = z.string().trim().max(254).pipe(z.email());

const profileFields = {
  first_name: name,
  last_name: name,
  email: email.nullish(),
  kind: z.enum(PROFILE_KINDS).nullish(),
  language: z.enum(LOCALES).optional(),
  birth_date: isoDay.nullish(),
  legal_representatives: z.array(id).max(20).optional(),
};
export const newProfileBody = z.object({
  ...profileFields,
  assignments: z
    .array(z.object({ unit: id.nullish(), role: z.enum(ROLES) }))
    .max(50)
    .optional(),
});
export const profilePatchBody = z.object(profileFields).partial();
export type NewProfile = z.output<typeof newProfileBody>;
export type ProfileChanges = z.output<typeof profilePatchBody>;
