import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, ROLES, type Locale } from '../../domain/constants.ts';
import { enumLabels } from './enum-labels.ts';
import { serverMessages } from './index.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function webMessages(locale: Locale): string[] {
  const file = path.join(ROOT, 'web', 'public', 'locales', locale, 'messages.json');
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(JSON.parse(readFileSync(file, 'utf8')));
  return texts;
}

const everyMessage = (locale: Locale) => [
  ...webMessages(locale),
  ...Object.values(serverMessages(locale)),
];

/** The role rows of docs/glossary.md: code → [fr, de, it]. */
function glossaryRoles(): Map<string, string[]> {
  const text = readFileSync(path.join(ROOT, 'docs', 'glossary.md'), 'utf8');
  const rows = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const code = /`([A-Z_]+)`/.exec(cells[1] ?? '')?.[1];
    if (code && (ROLES as readonly string[]).includes(code)) rows.set(code, cells.slice(2, 5));
  }
  return rows;
}

describe('the glossary', () => {
  it('names each role as the screens, the exports and the server answers do', () => {
    const rows = glossaryRoles();
    expect([...rows.keys()].sort()).toEqual([...ROLES].sort());
    for (const [code, words] of rows) {
      LOCALES.forEach((locale, index) => {
        const label = enumLabels(locale).role[code as (typeof ROLES)[number]];
        expect(label.toLowerCase(), `${code} in ${locale}`).toBe(words[index]!.toLowerCase());
      });
    }
  });

  it('keeps one word per concept: French says apprenti·e, never apprenant·e', () => {
    for (const text of everyMessage('fr')) expect(text).not.toMatch(/apprenant/i);
  });

  it('writes German and Italian inclusive forms in their own way, not with the French dot', () => {
    for (const locale of ['de', 'it'] as const)
      for (const text of everyMessage(locale)) expect(text, locale).not.toContain('·');
  });
});
