import { queryOptions } from '@tanstack/react-query';
import type {
  AssessmentBlock,
  AssessmentCriterion,
  AssessmentDetail,
} from '../../../../domain/schemas/assessment-detail.ts';
import type { GradesAnswer } from '../../../../domain/schemas/evaluations.ts';
export type { GradesAnswer };
import { api } from '../../shared/api-client.ts';
import type { Change, Fields } from './save-queue.ts';

/** GET /api/assessments/{id}/, as the server's response schema types it. */
export type AssessmentJson = AssessmentDetail;
export type BlockJson = AssessmentBlock;
export type CriterionJson = AssessmentCriterion;
export type CriterionEvaluationJson = AssessmentCriterion['evaluation'];

export const assessmentQuery = (id: number) =>
  queryOptions({
    queryKey: ['assessments', id],
    queryFn: ({ signal }) => api.get<AssessmentJson>(`/assessments/${id}/`, { signal }),
    // the page keeps the user's edits on top of this copy: it changes only through the page
    // once open (no refetch on focus); a copy older than 10 s is read again when the page opens
    staleTime: 10_000,
    refetchOnWindowFocus: false,
  });

export interface GroupJson {
  id: number;
  name: string;
}

export const moduleGroupsQuery = (moduleId: number) =>
  queryOptions({
    queryKey: ['modules', moduleId, 'groups'],
    queryFn: () =>
      api.get<{ groups: GroupJson[] }>(`/modules/instances/${moduleId}/?with_groups=true`),
    select: (module) => module.groups,
  });

/** Sends one queued change with the version; answers the server's grades or the whole assessment. */
export function sendChange(
  assessmentId: number,
  change: Change,
  body: Fields,
): Promise<GradesAnswer | AssessmentJson> {
  const { kind, id } = change.target;
  if (kind === 'criterion')
    return api.patch<GradesAnswer>(`/assessments/criteria/evaluations/${id}/`, body);
  if (kind === 'block')
    return api.patch<GradesAnswer>(`/assessments/blocks/evaluations/${id}/`, body);
  return api.patch<AssessmentJson>(`/assessments/${assessmentId}/`, body);
}

export type TransitionRoute =
  'validate' | 'close' | 'reopen' | 'include_in_grade_summary' | 'exclude_from_grade_summary';

export const transition = (id: number, action: TransitionRoute, version: number) =>
  api.post<AssessmentJson>(`/assessments/${id}/${action}/`, { version });

export const moveAssessment = (id: number, group: number, version: number) =>
  api.patch<AssessmentJson>(`/assessments/${id}/`, { group, version });

export const deleteAssessment = (id: number) => api.delete<null>(`/assessments/${id}/`);
