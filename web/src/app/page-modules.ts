import type { RouteObject } from 'react-router';

type Lazy = NonNullable<RouteObject['lazy']>;
const page = (load: () => Promise<{ default: React.ComponentType }>): Lazy =>
  (() => load().then((m) => ({ Component: m.default }))) as Lazy;

/** The component of every page, loaded on demand. */
export const PAGE_MODULES: Record<string, Lazy> = {
  home: page(() => import('../features/home/home-page.tsx')),
  login: page(() => import('../features/auth/login-page.tsx')),
  account: page(() => import('../features/account/account-page.tsx')),
  logout: page(() => import('../features/auth/logout-page.tsx')),
  'second-factor': page(() => import('../features/auth/second-factor-page.tsx')),
  'set-password': page(() => import('../features/auth/set-password-page.tsx')),
  'forgot-password': page(() => import('../features/auth/forgot-password-page.tsx')),
  'validate-invitation': page(() => import('../features/auth/validate-invitation-page.tsx')),
  'confirm-email': page(() => import('../features/auth/confirm-email-page.tsx')),
  'accept-data-processing': page(() => import('../features/auth/accept-data-processing-page.tsx')),
  'data-processing-agreement': page(
    () => import('../features/auth/data-processing-agreement-page.tsx'),
  ),
  cohorts: page(() => import('../features/cohorts/cohort-list-page.tsx')),
  modules: page(() => import('../features/modules/module-list-page.tsx')),
  'module-new': page(() => import('../features/modules/module-new-page.tsx')),
  'module-detail': page(() => import('../features/modules/module-detail-page.tsx')),
  'module-edit': page(() => import('../features/modules/module-edit-page.tsx')),
  profiles: page(() => import('../features/profiles/profile-list-page.tsx')),
  'profile-new': page(() => import('../features/profiles/profile-new-page.tsx')),
  'profile-detail': page(() => import('../features/profiles/profile-detail-page.tsx')),
  'profile-edit': page(() => import('../features/profiles/profile-edit-page.tsx')),
  'grade-summary': page(() => import('../features/grade-summary/grade-summary-page.tsx')),
  students: page(() => import('../features/students/student-list-page.tsx')),
  templates: page(() => import('../features/templates/template-list-page.tsx')),
  'template-new': page(() => import('../features/templates/template-editor-page.tsx')),
  'template-detail': page(() => import('../features/templates/template-detail-page.tsx')),
  'template-edit': page(() => import('../features/templates/template-editor-page.tsx')),
  'assessment-detail': page(() => import('../features/assessments/assessment-detail-page.tsx')),
  units: page(() => import('../features/units/unit-list-page.tsx')),
  retention: page(() => import('../features/retention/retention-page.tsx')),
  'at-risk': page(() => import('../features/students/at-risk-page.tsx')),
  'module-progression': page(() => import('../features/modules/progression-page.tsx')),
  notifications: page(() => import('../features/notifications/notifications-page.tsx')),
  unsubscribe: page(() => import('../features/auth/unsubscribe-page.tsx')),
  'self-assessment': page(() => import('../features/training-report/self-assessment-page.tsx')),
  'sign-report': page(() => import('../features/auth/sign-report-page.tsx')),
  'due-reports': page(() => import('../features/training-report/due-reports-page.tsx')),
  'profile-import': page(() => import('../features/profiles/import/profile-import-page.tsx')),
};

/** Starts loading a page's code ahead of a click (link hover or focus). */
export function preloadPage(id: string): void {
  const lazy = PAGE_MODULES[id] as unknown as (() => Promise<unknown>) | undefined;
  lazy?.().catch(() => {});
}
