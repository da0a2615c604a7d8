import { queryOptions } from '@tanstack/react-query';
import type {
  AssessmentStatus,
  EvaluationLevel,
  Letter,
  ModuleStatus,
  ModuleType,
  ProgressionFlag,
  RoundingFormula,
  Trend,
} from '../../../../domain/constants.ts';
import type { BlockValues, CriterionValues } from '../../../../domain/template-tree-save.ts';
import { api } from '../../lib/api-client.ts';
import type { Change, Fields } from './save-queue.ts';

/** GET /api/assessments/{id}/ (server/presenters/assessments-detail.ts). */
export interface CriterionEvaluationJson {
  id: number;
  evaluation: EvaluationLevel | null;
  text: string | null;
  progression: ProgressionFlag[];
  grade: string | null;
  letter: Letter | null;
  points: string | null;
  trend: Trend | null;
}

export interface CriterionJson extends CriterionValues {
  id: number;
  order: number;
  evaluation: CriterionEvaluationJson;
}

export interface BlockJson extends BlockValues {
  id: number;
  order: number;
  evaluation: { id: number; comment: string; grade: string | null };
  criteria: CriterionJson[];
  blocks: BlockJson[];
}

interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

export type AssessmentAction =
  'evaluate' | 'validate' | 'close' | 'reopen' | 'include' | 'exclude' | 'move' | 'delete';

export interface AssessmentJson {
  id: number;
  status: AssessmentStatus;
  grade: string | null;
  version: number;
  comment: string;
  is_included_in_grade_summary: boolean;
  module: {
    id: number;
    name: string;
    module_type: ModuleType;
    status: ModuleStatus;
    graded: boolean;
    rounding_formula: RoundingFormula;
    unit: number;
    start_date: string | null;
    end_date: string | null;
  };
  group: { id: number; name: string } | null;
  student: Person;
  validated_at: string | null;
  validated_by: Person | null;
  closed_at: string | null;
  closed_by: Person | null;
  blocks: BlockJson[];
  permissions: Record<AssessmentAction, boolean>;
}

/** What every evaluation write answers: the new version and the recomputed grades. */
export interface GradesAnswer {
  version: number;
  grade: string | null;
  blocks: { id: number; block: number; grade: string | null }[];
  criteria: { id: number; criterion: number; points: string | null }[];
}

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
