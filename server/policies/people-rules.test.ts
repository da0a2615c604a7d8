import { describe, expect, it } from 'vitest';
import type { Role } from '../../domain/constants.ts';
import type { Actor } from './actor.ts';
import { assignableRoles, canManageAssignment, canManageProfile } from './people-rules.ts';

const A = 1;
const B = 2;
const actor = (role: Role, profileId = 100): Actor => ({
  userId: 1,
  email: 'a@example.ch',
  profileId,
  language: 'fr',
  isDataProcessingAccepted: true,
  assignments: [{ role, unitId: role === 'ADMIN' ? null : A }],
  sessionIdHash: 'x',
  secondFactor: 'VERIFIED',
});
const profile = (...assignments: [Role, number | null][]) => ({
  id: 7,
  assignments: assignments.map(([role, unitId]) => ({ role, unitId })),
  representativeIds: [],
});

describe('people rules (refinements of domain.md)', () => {
  it.each([
    // actor role, profile roles, may change?
    ['UNIT_ADMIN', profile(['STUDENT', A]), true],
    ['UNIT_ADMIN', profile(['STUDENT', B]), false],
    ['UNIT_ADMIN', profile(['COURSE_MANAGER', A]), true],
    ['UNIT_ADMIN', profile(['INSTRUCTOR', A], ['ADMIN', null]), false],
    ['COURSE_MANAGER', profile(['STUDENT', A]), true],
    ['COURSE_MANAGER', profile(['LEGAL_REPRESENTATIVE', A]), true],
    ['COURSE_MANAGER', profile(['ENTERPRISE_INSTRUCTOR', A]), true],
    ['COURSE_MANAGER', profile(['UNIT_ADMIN', A]), false],
    ['COURSE_MANAGER', profile(['STUDENT', A], ['COURSE_MANAGER', B]), false],
    ['INSTRUCTOR', profile(['STUDENT', A]), false],
    ['ADMIN', profile(['ADMIN', null]), true],
  ] as const)('%s changing %j: %s', (role, target, allowed) => {
    expect(canManageProfile(actor(role), 'changeProfile', target)).toBe(allowed);
  });

  it('lets only an ADMIN give the ADMIN role', () => {
    const target = profile(['STUDENT', A]);
    const admin = { role: 'ADMIN' as const, unitId: null };
    expect(canManageAssignment(actor('ADMIN'), 'addAssignment', admin, target)).toBe(true);
    expect(canManageAssignment(actor('UNIT_ADMIN'), 'addAssignment', admin, target)).toBe(false);
  });

  it('never lets anybody remove their own assignments', () => {
    const own = { ...profile(['UNIT_ADMIN', A]), id: 100 };
    const held = { role: 'UNIT_ADMIN' as const, unitId: A };
    expect(canManageAssignment(actor('UNIT_ADMIN'), 'deleteAssignment', held, own)).toBe(false);
    expect(canManageAssignment(actor('ADMIN'), 'deleteAssignment', held, own)).toBe(false);
  });

  it.each([
    [
      'ADMIN',
      [
        'STUDENT',
        'LEGAL_REPRESENTATIVE',
        'INSTRUCTOR',
        'COURSE_MANAGER',
        'ENTERPRISE_INSTRUCTOR',
        'UNIT_ADMIN',
        'ADMIN',
      ],
    ],
    [
      'UNIT_ADMIN',
      [
        'STUDENT',
        'LEGAL_REPRESENTATIVE',
        'INSTRUCTOR',
        'COURSE_MANAGER',
        'ENTERPRISE_INSTRUCTOR',
        'UNIT_ADMIN',
      ],
    ],
    ['COURSE_MANAGER', ['STUDENT', 'LEGAL_REPRESENTATIVE', 'INSTRUCTOR', 'ENTERPRISE_INSTRUCTOR']],
    ['INSTRUCTOR', []],
    ['STUDENT', []],
  ] as const)('%s may assign %j', (role, roles) => {
    expect(assignableRoles(actor(role))).toEqual(roles);
  });
});
