import { queryOptions } from '@tanstack/react-query';
import type { AssessmentStatus, ModuleType } from '../../../../domain/constants.ts';
import { api } from '../../lib/api-client.ts';

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
