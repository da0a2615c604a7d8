import type { Role } from '../../domain/constants.ts';

export interface DemoLogin {
  role: Role;
  email: string;
  /**
   * false for one login only, so the accept-data-processing step can be tried: that person is
   * sent to /accept-data-processing after signing in.
   */
  dataProcessingAccepted: boolean;
}

/** The demo sign-ins, one per role; end-to-end tests and the README use the same list. */
export const DEMO_LOGINS: DemoLogin[] = [
  { role: 'ADMIN', email: 'admin@demo.example.ch', dataProcessingAccepted: true },
  { role: 'UNIT_ADMIN', email: 'unit-admin@demo.example.ch', dataProcessingAccepted: true },
  { role: 'COURSE_MANAGER', email: 'course-manager@demo.example.ch', dataProcessingAccepted: true },
  { role: 'INSTRUCTOR', email: 'instructor@demo.example.ch', dataProcessingAccepted: true },
  {
    role: 'ENTERPRISE_INSTRUCTOR',
    email: 'enterprise-instructor@demo.example.ch',
    dataProcessingAccepted: true,
  },
  { role: 'STUDENT', email: 'student@demo.example.ch', dataProcessingAccepted: true },
  {
    role: 'LEGAL_REPRESENTATIVE',
    email: 'legal-representative@demo.example.ch',
    dataProcessingAccepted: false,
  },
];

/**
 * The authenticator-app key of the demo logins whose role requires a second factor (ADMIN,
 * UNIT_ADMIN): known to all, as the demo password is. `npm run demo:code` prints its current code.
 */
export const DEMO_TOTP_SECRET = 'DEMOVETASSESSMENTKEYFORTHEDEMOXX';

/** The password of every demo sign-in when DEMO_PASSWORD is not set. */
export const DEFAULT_DEMO_PASSWORD = 'demo-Lehrling-2026';

export function demoLogin(role: Role): DemoLogin {
  return DEMO_LOGINS.find((login) => login.role === role)!;
}
