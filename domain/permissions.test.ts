import { describe, expect, it } from 'vitest';
import { ROLES } from './constants.ts';
import { PERMISSIONS, permissionsOf, scopeOf } from './permissions.ts';

describe('permissionsOf', () => {
  it('is the union of the roles’ permissions, in the table’s order', () => {
    const instructor = permissionsOf(['INSTRUCTOR']);
    const student = permissionsOf(['STUDENT']);
    const both = permissionsOf(['STUDENT', 'INSTRUCTOR']);
    expect(both).toEqual(PERMISSIONS.filter((p) => instructor.includes(p) || student.includes(p)));
    expect(instructor).toEqual(PERMISSIONS.filter((p) => scopeOf('INSTRUCTOR', p) !== undefined));
    expect(instructor).toContain('evaluateAssessment');
    expect(student).not.toContain('evaluateAssessment');
  });

  it('answers the same for the same roles in any order or repeated, and nothing for none', () => {
    expect(permissionsOf(['INSTRUCTOR', 'STUDENT', 'STUDENT'])).toEqual(
      permissionsOf(['STUDENT', 'INSTRUCTOR']),
    );
    expect(permissionsOf([])).toEqual([]);
    expect(permissionsOf(ROLES)).toEqual(PERMISSIONS);
  });

  it('hands out a list no caller can change for the next one', () => {
    const list = permissionsOf(['COURSE_MANAGER']) as string[];
    expect(() => list.push('addUnit')).toThrow(TypeError);
    expect(permissionsOf(['COURSE_MANAGER'])).not.toContain('addUnit');
  });
});
