import type { Role } from '../../domain/constants.ts';

/** The demo sign-ins, one per role; end-to-end tests and the README use the same list. */
export const DEMO_LOGINS: { role: Role; email: string }[] = [
  { role: 'ADMIN', email: 'admin@demo.example.ch' },
  { role: 'UNIT_ADMIN', email: 'unit-admin@demo.example.ch' },
  { role: 'COURSE_MANAGER', email: 'course-manager@demo.example.ch' },
  { role: 'INSTRUCTOR', email: 'instructor@demo.example.ch' },
  { role: 'ENTERPRISE_INSTRUCTOR', email: 'enterprise-instructor@demo.example.ch' },
  { role: 'STUDENT', email: 'student@demo.example.ch' },
  { role: 'LEGAL_REPRESENTATIVE', email: 'legal-representative@demo.example.ch' },
];

/** The password of every demo sign-in when DEMO_PASSWORD is not set. */
export const DEFAULT_DEMO_PASSWORD = 'demo-Lehrling-2026';
