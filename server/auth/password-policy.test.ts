import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblems } from './password-policy.ts';

const keys = (password: string, email = 'anna.muster@example.ch') =>
  passwordProblems(password, email).map((p) => [p.key, ...(p.params ?? [])].join(':'));

describe('password policy', () => {
  it('wants 12 to 128 characters, counted as characters, not bytes', () => {
    expect(keys('Abc-def-gh1')).toEqual(['minLength:12']);
    expect(keys('Abc-def-gh12')).toEqual([]);
    expect(keys('é'.repeat(128))).toEqual([]);
    expect(keys('🏔'.repeat(12))).toEqual([]);
    expect(keys('x'.repeat(129))).toEqual(['maxLength:128']);
  });

  it('refuses the common passwords of several languages, whatever the case', () => {
    for (const password of ['password1234', '123456789012', 'motdepasse123', 'passwort1234'])
      expect(isCommonPassword(password), password).toBe(true);
    expect(keys('PassWort1234')).toEqual(['passwordTooCommon']);
    expect(keys('Qwertzuiop123')).toEqual(['passwordTooCommon']);
    expect(isCommonPassword('Gletscher-Morgenrot-42')).toBe(false);
  });

  it('refuses the e-mail address as password', () => {
    expect(keys('Anna.Muster@example.ch')).toEqual(['passwordEqualsEmail']);
    expect(keys('anna.muster@example.ch', 'someone@example.ch')).toEqual([]);
  });
});
