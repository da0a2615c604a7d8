import type { Permission } from '../../../domain/permissions.ts';

export type LayoutName = 'default' | 'empty';

/** The file of each layout under web/src, whose default export is its component. */
export const LAYOUT_MODULES: Record<LayoutName, string> = {
  default: 'app/layouts/default-layout.tsx',
  empty: 'app/layouts/empty-layout.tsx',
};

/** A page of spec section 2, without its component: what the navigation rules need to know. */
export interface PageDef {
  id: string;
  /** the file under web/src whose default export is the page's component */
  module: string;
  /** the path without language prefix and without leading slash ('' for home) */
  path: string;
  /** the signed-in frame unless told otherwise */
  layout?: LayoutName;
  /** reachable without signing in */
  public?: boolean;
  /** reachable while data processing is not accepted */
  beforeAcceptance?: boolean;
  /** reachable while the session's second factor is awaited or must be set up */
  beforeSecondFactor?: boolean;
  /** a page guarded by this permission (403 notAllowed without it): lists and forms */
  permission?: Permission;
  /** messages key of the page title */
  title?: string;
  /** where a signed-in visitor is sent instead of this page (the redirect check) */
  signedInRedirect?: 'next-or-home';
  /**
   * The API call whose answer the page shows first, under the API's address, `:id` from the
   * page's path: its prefetcher asks it (app/prefetchers.ts), and the server names it in the page
   * it sends to a signed-in visitor (server/lib/start-hints.ts). Only a call whose answer speaks no
   * language: the browser asks it with its own Accept-Language, not the app's.
   */
  firstCall?: string;
}

export const PAGES: PageDef[] = [
  { id: 'home', module: 'features/home/home-page.tsx', path: '', title: 'home.title' },
  {
    id: 'login',
    module: 'features/auth/login-page.tsx',
    path: 'login',
    layout: 'empty',
    public: true,
    title: 'login.title',
    signedInRedirect: 'next-or-home',
  },
  {
    id: 'account',
    module: 'features/account/account-page.tsx',
    path: 'account',
    beforeAcceptance: true,
    title: 'account.title',
  },
  {
    id: 'logout',
    module: 'features/auth/logout-page.tsx',
    path: 'logout',
    layout: 'empty',
    beforeAcceptance: true,
    beforeSecondFactor: true,
    title: 'logout.title',
  },
  {
    id: 'second-factor',
    module: 'features/auth/second-factor-page.tsx',
    path: 'second-factor',
    layout: 'empty',
    beforeAcceptance: true,
    beforeSecondFactor: true,
    title: 'secondFactor.title',
  },
  {
    id: 'set-password',
    module: 'features/auth/set-password-page.tsx',
    path: 'set-password',
    layout: 'empty',
    public: true,
    title: 'setPassword.title',
  },
  {
    id: 'forgot-password',
    module: 'features/auth/forgot-password-page.tsx',
    path: 'forgot-password',
    layout: 'empty',
    public: true,
    title: 'forgotPassword.title',
  },
  {
    id: 'validate-invitation',
    module: 'features/auth/validate-invitation-page.tsx',
    path: 'validate-invitation',
    layout: 'empty',
    public: true,
    title: 'validateInvitation.title',
  },
  {
    id: 'confirm-email',
    module: 'features/auth/confirm-email-page.tsx',
    path: 'confirm-email',
    layout: 'empty',
    public: true,
    title: 'confirmEmail.title',
  },
  {
    id: 'accept-data-processing',
    module: 'features/auth/accept-data-processing-page.tsx',
    path: 'accept-data-processing',
    layout: 'empty',
    beforeAcceptance: true,
    title: 'acceptDataProcessing.title',
  },
  {
    id: 'data-processing-agreement',
    module: 'features/auth/data-processing-agreement-page.tsx',
    path: 'data-processing-agreement',
    layout: 'empty',
    public: true,
    title: 'dataProcessingAgreement.title',
  },
  {
    id: 'cohorts',
    module: 'features/cohorts/cohort-list-page.tsx',
    path: 'cohorts',
    permission: 'listCohort',
    title: 'nav.cohorts',
  },
  {
    id: 'modules',
    module: 'features/modules/module-list-page.tsx',
    path: 'modules',
    permission: 'listModuleInstance',
    title: 'nav.modules',
  },
  {
    id: 'module-new',
    module: 'features/modules/module-new-page.tsx',
    path: 'modules/new',
    permission: 'addModuleInstance',
    title: 'pages.moduleNew',
  },
  {
    id: 'module-detail',
    module: 'features/modules/module-detail-page.tsx',
    path: 'modules/:id',
    title: 'pages.moduleDetail',
    firstCall: '/modules/instances/:id/?with_groups=true',
  },
  {
    id: 'module-progression',
    module: 'features/modules/progression-page.tsx',
    path: 'modules/:id/progression',
    title: 'progression.title',
  },
  {
    id: 'module-edit',
    module: 'features/modules/module-edit-page.tsx',
    path: 'modules/:id/edit',
    permission: 'changeModuleInstance',
    title: 'pages.moduleEdit',
    firstCall: '/modules/instances/:id/?with_groups=true',
  },
  {
    id: 'profiles',
    module: 'features/profiles/profile-list-page.tsx',
    path: 'profiles',
    permission: 'listProfile',
    title: 'nav.profiles',
  },
  {
    id: 'profile-new',
    module: 'features/profiles/profile-new-page.tsx',
    path: 'profiles/new',
    permission: 'addProfile',
    title: 'pages.profileNew',
  },
  {
    id: 'profile-import',
    module: 'features/profiles/import/profile-import-page.tsx',
    path: 'profiles/import',
    permission: 'listProfile',
    title: 'import.title',
  },
  {
    id: 'profile-detail',
    module: 'features/profiles/profile-detail-page.tsx',
    path: 'profiles/:id',
    title: 'pages.profileDetail',
  },
  {
    id: 'profile-edit',
    module: 'features/profiles/profile-edit-page.tsx',
    path: 'profiles/:id/edit',
    permission: 'changeProfile',
    title: 'pages.profileEdit',
  },
  {
    id: 'grade-summary',
    module: 'features/grade-summary/grade-summary-page.tsx',
    path: 'profiles/:id/grade-summary',
    title: 'pages.gradeSummary',
    firstCall: '/profiles/:id/grade-summary/',
  },
  {
    id: 'students',
    module: 'features/students/student-list-page.tsx',
    path: 'students',
    permission: 'listStudent',
    title: 'nav.students',
  },
  {
    id: 'at-risk',
    module: 'features/students/at-risk-page.tsx',
    path: 'students/at-risk',
    permission: 'listStudentsAtRisk',
    title: 'atRisk.title',
  },
  {
    id: 'notifications',
    module: 'features/notifications/notifications-page.tsx',
    path: 'notifications',
    title: 'notifications.title',
  },
  {
    id: 'unsubscribe',
    module: 'features/auth/unsubscribe-page.tsx',
    path: 'unsubscribe',
    layout: 'empty',
    public: true,
    title: 'unsubscribe.title',
  },
  {
    id: 'templates',
    module: 'features/templates/template-list-page.tsx',
    path: 'templates',
    permission: 'listModuleTemplate',
    title: 'nav.templates',
  },
  {
    id: 'template-new',
    module: 'features/templates/template-editor-page.tsx',
    path: 'templates/new',
    permission: 'addModuleTemplate',
    title: 'pages.templateNew',
  },
  {
    id: 'template-detail',
    module: 'features/templates/template-detail-page.tsx',
    path: 'templates/:id',
    title: 'pages.templateDetail',
    firstCall: '/modules/templates/:id/',
  },
  {
    id: 'template-edit',
    module: 'features/templates/template-editor-page.tsx',
    path: 'templates/:id/edit',
    permission: 'changeModuleTemplate',
    title: 'pages.templateEdit',
    firstCall: '/modules/templates/:id/',
  },
  {
    id: 'units',
    module: 'features/units/unit-list-page.tsx',
    path: 'units',
    permission: 'listUnit',
    title: 'units.title',
  },
  {
    id: 'retention',
    module: 'features/retention/retention-page.tsx',
    path: 'retention',
    permission: 'eraseProfile',
    title: 'retention.title',
  },
  {
    id: 'assessment-detail',
    module: 'features/assessments/assessment-detail-page.tsx',
    path: 'assessments/:id',
    title: 'pages.assessmentDetail',
    firstCall: '/assessments/:id/',
  },
  {
    id: 'self-assessment',
    module: 'features/training-report/self-assessment-page.tsx',
    path: 'assessments/:id/self-assessment',
    title: 'selfAssessment.title',
  },
  {
    id: 'sign-report',
    module: 'features/auth/sign-report-page.tsx',
    path: 'sign-report',
    layout: 'empty',
    public: true,
    title: 'signReport.title',
  },
  {
    id: 'due-reports',
    module: 'features/training-report/due-reports-page.tsx',
    path: 'training-reports/due',
    permission: 'listDueReports',
    title: 'dueReports.title',
  },
];

export const pageById = (id: string): PageDef => {
  const page = PAGES.find((candidate) => candidate.id === id);
  if (!page) throw new Error(`Unknown page ${id}`);
  return page;
};

/** The list pages the navigation shows, in order, each opened by its permission. */
const NAVIGATION: { page: string; permission: Permission }[] = [
  { page: 'profiles', permission: 'listProfile' },
  { page: 'students', permission: 'listStudent' },
  { page: 'at-risk', permission: 'listStudentsAtRisk' },
  { page: 'due-reports', permission: 'listDueReports' },
  { page: 'cohorts', permission: 'listCohort' },
  { page: 'templates', permission: 'listModuleTemplate' },
  { page: 'modules', permission: 'listModuleInstance' },
  { page: 'units', permission: 'listUnit' },
  { page: 'retention', permission: 'eraseProfile' },
];

export const visibleNavigation = (permissions: readonly string[]) =>
  NAVIGATION.filter((item) => permissions.includes(item.permission));
