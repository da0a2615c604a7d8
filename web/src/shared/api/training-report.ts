import { queryOptions } from '@tanstack/react-query';
import type {
  Awaiting,
  DueReports,
  Goal,
  GoalPatch,
  Goals,
  NewGoal,
  SelfAssessment,
  SelfAssessmentPatch,
} from '../../../../domain/schemas/training-report.ts';
import type { AssessmentDetail } from '../../../../domain/schemas/assessment-detail.ts';
import { api } from '../api-client.ts';

export type { Awaiting, DueReports, Goal, Goals, SelfAssessment };

/** The training report cycle's calls (training-report.md, whose names are fixed). */
export const selfAssessmentQuery = (assessmentId: number) =>
  queryOptions({
    queryKey: ['assessments', assessmentId, 'self-assessment'],
    queryFn: ({ signal }) =>
      api.get<SelfAssessment>(`/assessments/${assessmentId}/self-assessment/`, { signal }),
  });

export const saveSelfAssessment = (assessmentId: number, patch: SelfAssessmentPatch) =>
  api.patch<SelfAssessment>(`/assessments/${assessmentId}/self-assessment/`, patch);

export const submitSelfAssessment = (assessmentId: number, version: number) =>
  api.post<SelfAssessment>(`/assessments/${assessmentId}/self-assessment/submit/`, { version });

export const goalsQuery = (assessmentId: number) =>
  queryOptions({
    queryKey: ['assessments', assessmentId, 'goals'],
    queryFn: ({ signal }) => api.get<Goals>(`/assessments/${assessmentId}/goals/`, { signal }),
  });

export const addGoal = (assessmentId: number, goal: Partial<NewGoal>) =>
  api.post<Goal>(`/assessments/${assessmentId}/goals/`, goal);
export const changeGoal = (goalId: number, patch: Partial<GoalPatch>) =>
  api.patch<Goal>(`/goals/${goalId}/`, patch);
export const deleteGoal = (goalId: number) => api.delete<null>(`/goals/${goalId}/`);

export const signReport = (assessmentId: number, comment: string) =>
  api.post<AssessmentDetail>(`/assessments/${assessmentId}/sign/`, comment ? { comment } : {});

export const sendSignLink = (assessmentId: number) =>
  api.post<{ sent: number }>(`/assessments/${assessmentId}/sign-link/`, {});

/** What a mailed sign link leads to, without signing in. */
export const readSignLink = (token: string) =>
  api.post<{ detail: AssessmentDetail; expires_at: string }>('/training-reports/sign-link/', {
    token,
  });

export const signByLink = (assessmentId: number, token: string, comment: string) =>
  api.post<AssessmentDetail>(`/assessments/${assessmentId}/sign/`, {
    token,
    ...(comment ? { comment } : {}),
  });

export const awaitingQuery = () =>
  queryOptions({
    queryKey: ['training-reports', 'awaiting'],
    queryFn: ({ signal }) => api.get<Awaiting>('/training-reports/awaiting/', { signal }),
  });

export const dueReportsQuery = (query: URLSearchParams) =>
  queryOptions({
    queryKey: ['training-reports', 'due', query.toString()],
    queryFn: ({ signal }) => api.get<DueReports>(`/training-reports/due/?${query}`, { signal }),
  });
