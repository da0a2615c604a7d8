/** Paging as every list takes it (`?limit=&offset=`) and answers it (`{count, next, previous, results}`). */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.ts';

const DEFAULT_PAGE_SIZE = 100;

/** `?limit=&offset=` as every list takes them (the all-cohorts call uses 1000). */
export const pagingQuery = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
};

/** Values one filter takes at most: more than any screen offers, few enough for a small statement. */
const MAX_FILTER_VALUES = 100;

/** A query parameter that may be repeated (`?unit=1&unit=2`) or given once. */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z.array(item).max(MAX_FILTER_VALUES).optional(),
  );

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
