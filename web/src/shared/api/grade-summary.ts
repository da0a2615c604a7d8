import { queryOptions } from '@tanstack/react-query';
import type { ExportFormat } from '../../../../domain/constants.ts';
import type {
  GradeSummary,
  cohortGradeSummariesSchema,
} from '../../../../domain/schemas/grade-summary.ts';
import type { z } from 'zod';
import { api } from '../api-client.ts';

/** `GET /profiles/{id}/grade-summary/`, as the server's response schema types it. */
export type GradeSummaryJson = GradeSummary;
export type SummaryGroupJson = GradeSummary['groups'][number];
export type SummaryEntryJson = SummaryGroupJson['assessments'][number];

export const gradeSummaryQuery = (profileId: number) =>
  queryOptions({
    queryKey: ['grade-summary', profileId],
    queryFn: ({ signal }) =>
      api.get<GradeSummaryJson>(`/profiles/${profileId}/grade-summary/`, { signal }),
  });

export { EXPORT_FORMATS, type ExportFormat } from '../../../../domain/constants.ts';

export const summaryExportPath = (profileId: number, format: ExportFormat) =>
  `/profiles/${profileId}/grade-summary/${format}/`;

/** How many grade summaries of a cohort the reader's ZIP holds, and how many are left out. */
export const cohortGradeSummariesQuery = (cohortId: number) =>
  queryOptions({
    queryKey: ['grade-summary', 'cohort', cohortId],
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof cohortGradeSummariesSchema>>(`/cohorts/${cohortId}/grade-summaries/`, {
        signal,
      }),
  });

/** The cohort's ZIP, built and streamed by the server, in the formats asked. */
export const cohortZipPath = (cohortId: number, formats: readonly ExportFormat[]) =>
  `/cohorts/${cohortId}/grade-summaries/zip/?${formats.map((f) => `format=${f}`).join('&')}`;
