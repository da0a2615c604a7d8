import { describe, expect, it } from 'vitest';
import type { BlockJson, CriterionEvaluationJson, CriterionJson } from './api.ts';
import { unevaluatedCriteria } from './unevaluated.ts';

const empty: CriterionEvaluationJson = {
  id: 1,
  evaluation: null,
  text: null,
  progression: [],
  grade: null,
  letter: null,
  points: null,
  trend: null,
};
const criterion = (name: string, evaluation: Partial<CriterionEvaluationJson> = {}) =>
  ({ name, evaluation: { ...empty, ...evaluation } }) as CriterionJson;
const block = (criteria: CriterionJson[], blocks: BlockJson[] = []) =>
  ({ criteria, blocks }) as unknown as BlockJson;

describe('unevaluatedCriteria', () => {
  it('names every criterion with nothing entered, nested blocks included, in page order', () => {
    const blocks = [
      block(
        [criterion('Sécurité', { grade: '5' }), criterion('Ordre')],
        [block([criterion('Outils', { text: '' }), criterion('Rapport', { text: 'bien' })])],
      ),
      block([criterion('Progression', { progression: ['OBSERVED'] }), criterion('Tenue')]),
    ];
    expect(unevaluatedCriteria({ blocks })).toEqual(['Ordre', 'Outils', 'Tenue']);
  });

  it('counts any entered value: a level, a letter, points or a trend', () => {
    const blocks = [
      block([
        criterion('a', { evaluation: 'GOOD' }),
        criterion('b', { letter: 'A' }),
        criterion('c', { points: '2' }),
        criterion('d', { trend: 'UP' }),
      ]),
    ];
    expect(unevaluatedCriteria({ blocks })).toEqual([]);
  });
});
