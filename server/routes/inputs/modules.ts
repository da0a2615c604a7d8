import { z } from 'zod';
import { MODULE_STATUSES, MODULE_TYPES } from '../../../domain/constants.ts';

const id = z.number().int().positive();
const queryId = z.coerce.number().int().positive();

export const moduleListQuery = {
  status: z.enum(MODULE_STATUSES).optional(),
  unit: queryId.optional(),
  module_type: z.enum(MODULE_TYPES).optional(),
  cohort: queryId.optional(),
  template: queryId.optional(),
  instructor: queryId.optional(),
  search: z.string().max(200).optional(),
  ordering: z
    .enum([
      'name',
      '-name',
      'start_date',
      '-start_date',
      'end_date',
      '-end_date',
      'created_at',
      '-created_at',
    ])
    .optional(),
};

export const moduleDetailQuery = z.object({
  with_groups: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** Lock and unlock go through `status`; archiving has its own actions. */
export const modulePatchBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    start_date: z.iso.date().nullable(),
    end_date: z.iso.date().nullable(),
    cohort: id.nullable(),
    status: z.enum(['OPEN', 'LOCKED']),
  })
  .partial();

export const groupCreateBody = z.object({
  name: z.string().trim().min(1).max(200),
  module: id,
  instructors: z.array(id).max(100).default([]),
});

export const groupPatchBody = groupCreateBody
  .partial()
  .extend({ instructors: z.array(id).max(100).optional() });
