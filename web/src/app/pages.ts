import type { Permission } from '../../../domain/permissions.ts';

export type LayoutName = 'default' | 'empty';

/** A page of spec section 2, without its component: what the navigation rules need to know. */
export interface PageDef {
  id: string;
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
}

const positiveId = /^[1-9][0-9]{0,9}$/;

/** Ids in paths must be positive integers; anything else is an invalid route (404). */
export const validParams = (params: Record<string, string | undefined>): boolean =>
  Object.entries(params).every(([name, value]) => name !== 'id' || positiveId.test(value ?? ''));

export const PAGES: PageDef[] = [
  { id: 'home', path: '', title: 'home.title' },
  {
    id: 'login',
    path: 'login',
    layout: 'empty',
    public: true,
    title: 'login.title',
    signedInRedirect: 'next-or-home',
  },
  {
    id: 'account',
    path: 'account',
    beforeAcceptance: true,
    title: 'account.title',
  },
  {
    id: 'logout',
    path: 'logout',
    layout: 'empty',
    beforeAcceptance: true,
    beforeSecondFactor: true,
    title: 'logout.title',
  },
  {
    id: 'second-factor',
    path: 'second-factor',
    layout: 'empty',
    beforeAcceptance: true,
    beforeSecondFactor: true,
    title: 'secondFactor.title',
  },
  {
    id: 'set-password',
    path: 'set-password',
    layout: 'empty',
    public: true,
    title: 'setPassword.title',
  },
  {
    id: 'forgot-password',
    path: 'forgot-password',
    layout: 'empty',
    public: true,
    title: 'forgotPassword.title',
  },
  {
    id: 'validate-invitation',
    path: 'validate-invitation',
    layout: 'empty',
    public: true,
    title: 'validateInvitation.title',
  },
  {
    id: 'confirm-email',
    path: 'confirm-email',
    layout: 'empty',
    public: true,
    title: 'confirmEmail.title',
  },
  {
    id: 'accept-data-processing',
    path: 'accept-data-processing',
    layout: 'empty',
    beforeAcceptance: true,
    title: 'acceptDataProcessing.title',
  },
  {
    id: 'data-processing-agreement',
    path: 'data-processing-agreement',
    layout: 'empty',
    public: true,
    title: 'dataProcessingAgreement.title',
  },
  {
    id: 'cohorts',
    path: 'cohorts',
    permission: 'listCohort',
    title: 'nav.cohorts',
  },
  {
    id: 'modules',
    path: 'modules',
    permission: 'listModuleInstance',
    title: 'nav.modules',
  },
  {
    id: 'module-new',
    path: 'modules/new',
    permission: 'addModuleInstance',
    title: 'pages.moduleNew',
  },
  { id: 'module-detail', path: 'modules/:id', title: 'pages.moduleDetail' },
  {
    id: 'module-progression',
    path: 'modules/:id/progression',
    title: 'progression.title',
  },
  {
    id: 'module-edit',
    path: 'modules/:id/edit',
    permission: 'changeModuleInstance',
    title: 'pages.moduleEdit',
  },
  {
    id: 'profiles',
    path: 'profiles',
    permission: 'listProfile',
    title: 'nav.profiles',
  },
  {
    id: 'profile-new',
    path: 'profiles/new',
    permission: 'addProfile',
    title: 'pages.profileNew',
  },
  {
    id: 'profile-import',
    path: 'profiles/import',
    permission: 'listProfile',
    title: 'import.title',
  },
  { id: 'profile-detail', path: 'profiles/:id', title: 'pages.profileDetail' },
  {
    id: 'profile-edit',
    path: 'profiles/:id/edit',
    permission: 'changeProfile',
    title: 'pages.profileEdit',
  },
  {
    id: 'grade-summary',
    path: 'profiles/:id/grade-summary',
    title: 'pages.gradeSummary',
  },
  {
    id: 'students',
    path: 'students',
    permission: 'listStudent',
    title: 'nav.students',
  },
  {
    id: 'at-risk',
    path: 'students/at-risk',
    permission: 'listStudentsAtRisk',
    title: 'atRisk.title',
  },
  { id: 'notifications', path: 'notifications', title: 'notifications.title' },
  {
    id: 'unsubscribe',
    path: 'unsubscribe',
    layout: 'empty',
    public: true,
    title: 'unsubscribe.title',
  },
  {
    id: 'templates',
    path: 'templates',
    permission: 'listModuleTemplate',
    title: 'nav.templates',
  },
  {
    id: 'template-new',
    path: 'templates/new',
    permission: 'addModuleTemplate',
    title: 'pages.templateNew',
  },
  {
    id: 'template-detail',
    path: 'templates/:id',
    title: 'pages.templateDetail',
  },
  {
    id: 'template-edit',
    path: 'templates/:id/edit',
    permission: 'changeModuleTemplate',
    title: 'pages.templateEdit',
  },
  {
    id: 'units',
    path: 'units',
    permission: 'listUnit',
    title: 'units.title',
  },
  {
    id: 'retention',
    path: 'retention',
    permission: 'eraseProfile',
    title: 'retention.title',
  },
  {
    id: 'assessment-detail',
    path: 'assessments/:id',
    title: 'pages.assessmentDetail',
  },
  {
    id: 'self-assessment',
    path: 'assessments/:id/self-assessment',
    title: 'selfAssessment.title',
  },
  {
    id: 'sign-report',
    path: 'sign-report',
    layout: 'empty',
    public: true,
    title: 'signReport.title',
  },
  {
    id: 'due-reports',
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
