import { queryOptions } from '@tanstack/react-query';
import type { ExportFormat } from '../../../../domain/constants.ts';
import type {
  GradeSummary,
  cohortGradeSummariesSchema,
} from '../../../../domain/schemas/grade-summary.ts';
import type { z } from 'zod';
import { api } from '../api-client.ts';
import type { Paged } from './paged.ts';

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

export interface StudentName {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * The students of the assessments the reader may read: how readers without the profile list
 * (instructors, legal representatives) find whose grade summaries they may open.
 */
export const assessedStudentsQuery = () =>
  queryOptions({
    queryKey: ['grade-summary', 'assessed-students'],
    queryFn: async ({ signal }): Promise<StudentName[]> => {
      const page = await api.get<Paged<{ student: StudentName }>>('/assessments/?limit=1000', {
        signal,
      });
      const byId = new Map(page.results.map(({ student }) => [student.id, student]));
      return [...byId.values()].sort(
        (a, b) =>
          a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
      );
    },
  });

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
