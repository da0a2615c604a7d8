import { describe, expect, it } from 'vitest';
import fr from '../../public/locales/fr/messages.json' with { type: 'json' };
import de from '../../public/locales/de/messages.json' with { type: 'json' };
import it_ from '../../public/locales/it/messages.json' with { type: 'json' };
import * as z from 'zod/mini';
import { confirms, email, integer, newPassword, text } from './form-rules.ts';
import { ruleMessage } from './rule-messages.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('form rules', () => {
  it('name the rule that failed', () => {
    expect(firstMessage(email().safeParse(''))).toBe('rules.required');
    expect(firstMessage(email().safeParse('nope'))).toBe('rules.email');
    expect(firstMessage(text(12, 100).safeParse('short'))).toBe('rules.minLength|12');
    expect(firstMessage(integer().safeParse('1.5'))).toBe('rules.integer');
    expect(email().safeParse(' ana@example.ch ').success).toBe(true);
  });

  it('read in the reader language with their parameter', () => {
    const t = (key: string, values?: Record<string, unknown>) =>
      key === 'rules.minLength' ? `min ${(values as { 0: string } | undefined)?.[0]}` : key;
    expect(ruleMessage('rules.minLength|12', t)).toBe('min 12');
    expect(ruleMessage('Mot de passe trop court.', t)).toBe('Mot de passe trop court.');
    expect(ruleMessage('setPassword.mismatch', t)).toBe('setPassword.mismatch');
  });
});

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );

describe('messages.json', () => {
  it('has the same keys in fr, de and it', () => {
    expect(keys(de).sort()).toEqual(keys(fr).sort());
    expect(keys(it_).sort()).toEqual(keys(fr).sort());
  });
  it('holds the nine default form rule messages of spec section 5 in each language', () => {
    for (const messages of [fr, de, it_])
      expect(Object.keys(messages.rules).sort()).toEqual([
        'capital',
        'email',
        'integer',
        'maxLength',
        'minLength',
        'notEmpty',
        'number',
        'pattern',
        'required',
      ]);
    expect(fr.rules.maxLength).toContain('{0}');
    expect(de.rules.required).toBe('Dieses Feld ist erforderlich');
  });
});

describe('new passwords', () => {
  const schema = z
    .object({ password: newPassword(), confirm: z.string() })
    .check(confirms<{ password: string; confirm: string }>('password'));
  const problems = (password: string, confirm: string) =>
    (schema.safeParse({ password, confirm }).error?.issues ?? []).map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );

  it('takes the length the server takes, and a confirmation that repeats it', () => {
    expect(problems('a long passphrase', 'a long passphrase')).toEqual([]);
    expect(problems('too short', 'too short')).toEqual(['password: rules.minLength|12']);
    expect(problems('x'.repeat(129), 'x'.repeat(129))).toEqual(['password: rules.maxLength|128']);
    expect(problems('a long passphrase', 'a long passphrase!')).toEqual([
      'confirm: setPassword.mismatch',
    ]);
  });
});
