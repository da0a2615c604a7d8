import { queryOptions } from '@tanstack/react-query';
import type { AssessmentStatus, ModuleType } from '../../../../domain/constants.ts';
import { api } from '../api-client.ts';
import type { Paged } from './profiles.ts';

/** One assessment of the summary, as `GET /profiles/{id}/grade-summary/` answers it. */
export interface SummaryEntryJson {
  assessment: number;
  module: { id: number; name: string; start_date: string | null; end_date: string | null };
  status: AssessmentStatus;
  grade: string | null;
  is_insufficient: boolean;
}

export interface SummaryGroupJson {
  module_type: ModuleType;
  average: string | null;
  is_insufficient: boolean;
  assessments: SummaryEntryJson[];
}

export interface GradeSummaryJson {
  student: { id: number; first_name: string; last_name: string };
  groups: SummaryGroupJson[];
  average: string | null;
  is_insufficient: boolean;
}

export const gradeSummaryQuery = (profileId: number) =>
  queryOptions({
    queryKey: ['grade-summary', profileId],
    queryFn: ({ signal }) =>
      api.get<GradeSummaryJson>(`/profiles/${profileId}/grade-summary/`, { signal }),
  });

/** The two exports of contract C2: the grade summary as PDF or as a spreadsheet. */
export const EXPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

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
