/** The product's one name: screens (message `product`), start banner, mail sender, API title. */
export const PRODUCT_NAME = 'Evaluanda';

/** Enumerations and constants of the specification (sections 3 and 9). */

export const LOCALES = ['fr', 'de', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';
export const LOCALE_REGIONS: Record<Locale, string> = { fr: 'fr-CH', de: 'de-CH', it: 'it-CH' };

export const ROLES = [
  'STUDENT',
  'LEGAL_REPRESENTATIVE',
  'INSTRUCTOR',
  'COURSE_MANAGER',
  'ENTERPRISE_INSTRUCTOR',
  'UNIT_ADMIN',
  'ADMIN',
] as const;
export type Role = (typeof ROLES)[number];

export const ARCHIVE_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type ArchiveStatus = (typeof ARCHIVE_STATUSES)[number];

export const PROFILE_KINDS = [
  'FEDERAL_VET_DIPLOMA_3_YEARS',
  'FEDERAL_VET_DIPLOMA_2_YEARS',
  'FEDERAL_VET_CERTIFICATE',
  'OTHER',
] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

export const MODULE_STATUSES = ['OPEN', 'LOCKED', 'ARCHIVED'] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

export const MODULE_TYPES = [
  'INTERCOMPANY_COURSE',
  'TRAINING_REPORT',
  'TRAINING_PLAN',
  'IPRE_SHEET',
] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

export const ASSESSMENT_STATUSES = ['IN_PROGRESS', 'VALIDATED', 'CLOSED'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** What a reader may do with an assessment, as its detail's `permissions` tells the web app. */
export const ASSESSMENT_PERMISSION_KEYS = [
  'evaluate',
  'validate',
  'close',
  'reopen',
  'include',
  'exclude',
  'move',
  'delete',
  'sign',
] as const;
export type AssessmentPermissionKey = (typeof ASSESSMENT_PERMISSION_KEYS)[number];

export const ROUNDING_FORMULAS = ['TENTH', 'HALF', 'INTEGER'] as const;
export type RoundingFormula = (typeof ROUNDING_FORMULAS)[number];

export const GRADING_FORMULAS = [
  'AVERAGE',
  'AVERAGE_ROUND_HALF',
  'OVER_FIVE_PLUS_ONE_ROUND',
] as const;
export type GradingFormula = (typeof GRADING_FORMULAS)[number];
export const DEFAULT_GRADING_FORMULA: GradingFormula = 'OVER_FIVE_PLUS_ONE_ROUND';

export const EVALUATION_LEVELS = ['GOOD', 'SUFFICIENT', 'INSUFFICIENT'] as const;
export type EvaluationLevel = (typeof EVALUATION_LEVELS)[number];

export const TRENDS = ['DOWN', 'STABLE', 'UP'] as const;
export type Trend = (typeof TRENDS)[number];

export const PROGRESSION_FLAGS = [
  'OBSERVED',
  'TAUGHT',
  'PRACTICED',
  'INSTRUCTED',
  'SUPERVISED',
  'AUTONOMOUSLY_EXECUTED',
] as const;
export type ProgressionFlag = (typeof PROGRESSION_FLAGS)[number];

export const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type Letter = (typeof LETTERS)[number];

export const GRADE_PRESET = { min: '1', max: '6', step: '0.5', weight: '1' } as const;
export const LETTER_PRESET = { min: 'A', max: 'F' } as const;
export const DEFAULT_CRITERION_POINTS = '2';
export const INSUFFICIENT_GRADE_BELOW = '4';

/** Why a student is at risk (training-report.md, "Early warning"), most severe first. */
export const RISK_REASONS = [
  'INSUFFICIENT_GRADE',
  'FALLING_GRADES',
  'TRAINING_REPORT_MISSING',
  'TRAINING_REPORT_UNSIGNED',
  'SELF_ASSESSMENT_GAP',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];
/** A semester's training report is missing once this many days have passed since it ended. */
export const TRAINING_REPORT_GRACE_DAYS = 14;
/** A self-assessment this many criteria two levels from the trainer's is a warning sign. */
export const SELF_ASSESSMENT_GAP_CRITERIA = 3;

/** The training report cycle (training-report.md): who a goal is for and how it went. */
export const GOAL_RESPONSIBLES = ['STUDENT', 'INSTRUCTOR', 'COMPANY'] as const;
export type GoalResponsible = (typeof GOAL_RESPONSIBLES)[number];
export const GOAL_REVIEW_STATUSES = ['ACHIEVED', 'PARTLY_ACHIEVED', 'NOT_ACHIEVED'] as const;
export type GoalReviewStatus = (typeof GOAL_REVIEW_STATUSES)[number];
/** The parties who sign a validated training report, in the order the page lists them. */
export const SIGNATURE_ROLES = ['INSTRUCTOR', 'STUDENT', 'LEGAL_REPRESENTATIVE'] as const;
export type SignatureRole = (typeof SIGNATURE_ROLES)[number];
/** The age from which a student signs without a legal representative. */
export const AGE_OF_MAJORITY = 18;
/** How long a sign link mailed to a legal representative without a login works. */
export const SIGN_LINK_DAYS = 30;
/** Where a training report of a semester stands, on the due-reports page. */
export const DUE_REPORT_STATES = ['NONE', 'IN_PROGRESS', 'VALIDATED', 'SIGNED', 'OVERDUE'] as const;
export type DueReportState = (typeof DUE_REPORT_STATES)[number];

/** What a notification is about; each kind has its own mail preference. */
export const NOTIFICATION_KINDS = [
  'ASSESSMENT_VALIDATED',
  'INSUFFICIENT_GRADE',
  'AT_RISK',
  'DUE_REPORTS',
  'SIGNATURE_AWAITED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** Who a kind of notification can reach: the roles that see its preference in "My account". */
export const NOTIFIED_ROLES: Record<NotificationKind, readonly Role[]> = {
  ASSESSMENT_VALIDATED: ['STUDENT', 'LEGAL_REPRESENTATIVE'],
  INSUFFICIENT_GRADE: ['STUDENT', 'LEGAL_REPRESENTATIVE', 'COURSE_MANAGER'],
  AT_RISK: ['COURSE_MANAGER'],
  DUE_REPORTS: ['INSTRUCTOR', 'ENTERPRISE_INSTRUCTOR'],
  SIGNATURE_AWAITED: ['INSTRUCTOR', 'ENTERPRISE_INSTRUCTOR', 'STUDENT', 'LEGAL_REPRESENTATIVE'],
};
/** How often a person gets mail of one notification kind (AT_ONCE unless they chose). */
export const MAIL_FREQUENCIES = ['AT_ONCE', 'WEEKLY', 'NEVER'] as const;
export type MailFrequency = (typeof MAIL_FREQUENCIES)[number];

/** Longest name (templates, blocks, criteria, modules…) and longest free text. */
export const NAME_MAX_LENGTH = 200;
export const LONG_TEXT_MAX_LENGTH = 10_000;
export const RELOAD_GUARD_TTL_MS = 10_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** A password's length, checked by the forms and again by the server's policy. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Roles that must sign in with a second factor (they set one up at their next sign-in). */
export const SECOND_FACTOR_ROLES: readonly Role[] = ['ADMIN', 'UNIT_ADMIN'];
export const RECOVERY_CODE_COUNT = 10;
/** the name a person gives a passkey or an app (« Téléphone », « Clé USB ») */
export const FACTOR_LABEL_MAX_LENGTH = 60;

export const TOAST_HOTKEY = 'F8';

export const THEME_COLORS = {
  primary: '#3F51B5',
  accent: '#009688',
  secondary: '#FF9800',
  info: '#2196f3',
  warning: '#ffc107',
  error: '#f44336',
  success: '#4caf50',
  danger: '#f44336',
  background: '#FCFDFC',
} as const;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export const MOBILE_BREAKPOINT = 'lg' as const;
export const SCROLL_ANIMATION_MS = 300;
export const DRAG_AUTO_SCROLL = { sensitivity: 30, speed: 10 } as const;

/** The two exports of contract C2: the grade summary as a PDF or as a spreadsheet. */
export const EXPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The readable cookie that says a session cookie exists (server/auth/session-cookies.ts). */
export const SIGNED_IN_COOKIE = 'signed_in';

/** The most rows one page of a list holds (`?limit=`): the all-cohorts call asks for as many. */
export const MAX_PAGE_SIZE = 1000;
