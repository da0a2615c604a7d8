import { describe, expect, it } from 'vitest';
import { assignmentErrors, profileResolver, UNIT_REQUIRED } from './profile-form-rules.ts';

const values = {
  first_name: 'Léa',
  last_name: 'Favre',
  email: '',
  kind: '',
  birth_date: '',
  legal_representatives: [],
  assignments: [{ unit: '3', role: 'STUDENT' }],
};
const resolve = (overrides: object, needsAssignment = true) =>
  profileResolver({ needsAssignment })({ ...values, ...overrides }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('profile form rules', () => {
  it('refuses an assignment without unit unless the role is ADMIN', () => {
    expect(assignmentErrors([{ unit: '', role: 'INSTRUCTOR' }])).toEqual({
      'assignments.0.unit': { type: 'unitRequired', message: UNIT_REQUIRED },
    });
    expect(assignmentErrors([{ unit: '', role: 'ADMIN' }])).toEqual({});
    // saved assignments are the server's business
    expect(assignmentErrors([{ id: 4, unit: '', role: 'INSTRUCTOR' }])).toEqual({});
  });

  it('nests the errors as react-hook-form reads them', async () => {
    const result = await resolve({ first_name: ' ', assignments: [{ unit: '', role: 'STUDENT' }] });
    expect(result.errors).toMatchObject({
      first_name: { message: 'rules.required' },
      assignments: [{ unit: { message: UNIT_REQUIRED } }],
    });
  });

  it('checks the address only when given, and asks for a role outside ADMIN', async () => {
    expect((await resolve({ email: 'pas une adresse' })).errors).toMatchObject({
      email: { message: 'rules.email' },
    });
    expect((await resolve({ assignments: [] })).errors).toMatchObject({
      assignments: { message: 'rules.notEmpty' },
    });
    expect((await resolve({ assignments: [] }, false)).errors).toEqual({});
    expect((await resolve({})).values).toMatchObject({ first_name: 'Léa' });
  });
});
