import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { enumLabels, readEnumLabels } from './enum-labels.ts';

it('reads the labels the web shows, in every language', () => {
  expect(enumLabels('fr').evaluationLevel.SUFFICIENT).toBe('Suffisant');
  expect(enumLabels('de').moduleType.INTERCOMPANY_COURSE).toBe('Überbetrieblicher Kurs (üK)');
  expect(enumLabels('it').assessmentStatus.VALIDATED).toBe('Convalidata');
  expect(enumLabels('de').progressionFlag.AUTONOMOUSLY_EXECUTED).toBe('Selbstständig ausgeführt');
  expect(enumLabels('fr').trend.UP).toBe('En hausse');
});

it('refuses messages where a label is missing', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'labels-'));
  mkdirSync(path.join(dir, 'fr'));
  const enums = { trend: { DOWN: 'En baisse', STABLE: 'Stable' } };
  writeFileSync(path.join(dir, 'fr', 'messages.json'), JSON.stringify({ enums }));
  expect(() => readEnumLabels('fr', dir)).toThrow(/Enum labels missing.*trend/s);
});
