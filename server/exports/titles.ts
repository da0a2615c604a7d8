import type { AssessmentDetail } from '../../domain/schemas/assessment-detail.ts';
import type { GradeSummary } from '../../domain/schemas/grade-summary.ts';
import type { ProgressionMap } from '../../domain/schemas/progression.ts';
import { fullName, type ExportLocale } from './format.ts';

/** The names of the export files and of their documents, in the reader's language. */
export const assessmentTitle = (l: ExportLocale, detail: AssessmentDetail) =>
  `${l.t('exportAssessmentTitle')} - ${fullName(detail.student)} - ${detail.module.name}`;

export const gradeSummaryTitle = (l: ExportLocale, summary: GradeSummary) =>
  `${l.t('exportGradeSummaryTitle')} - ${fullName(summary.student)}`;

export const progressionMapTitle = (l: ExportLocale, map: ProgressionMap) =>
  `${l.t('exportProgressionTitle')} - ${map.module.name}`;
