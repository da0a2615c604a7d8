import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMessages, translate } from '../../shared/i18n.ts';
import type { BlockTreeJson, CriterionTemplateJson } from '../../shared/api/templates.ts';
import { blockFacts, criterionDetails } from './tree-facts.ts';

const t = (key: string, values?: Record<string, unknown>) => translate('fr', key, values);

beforeAll(() => {
  const url = new URL('../../../public/locales/fr/messages.json', import.meta.url);
  addMessages('fr', JSON.parse(readFileSync(url, 'utf8')));
});

const criterion = (fields: Partial<CriterionTemplateJson>): CriterionTemplateJson => ({
  id: 1,
  order: 0,
  name: 'Critère',
  description: '',
  has_evaluation: false,
  has_text_input: false,
  has_progression: false,
  flags: [],
  grade: null,
  letter_evaluation: null,
  points: '2',
  block: 1,
  permissions: { change: true, delete: true },
  ...fields,
});

describe('criterionDetails', () => {
  it('names the preset and the scale, with points where a points formula counts them', () => {
    const grade = criterion({ grade: { min: '1', max: '6', step: '0.5', weight: '1' } });
    expect(criterionDetails(grade, true, t, 'fr')).toEqual({
      kind: 'Note',
      details: ['Note de 1 à 6, pas de 0,5, poids 1', '2 points au maximum'],
    });
    expect(criterionDetails(grade, false, t, 'fr').details).toEqual([
      'Note de 1 à 6, pas de 0,5, poids 1',
    ]);
  });

  it('gives no points to a criterion without a score', () => {
    const text = criterion({ has_text_input: true });
    expect(criterionDetails(text, true, t, 'fr')).toEqual({ kind: 'Texte seulement', details: [] });
  });

  it('spells out what a customised criterion records', () => {
    const custom = criterion({
      has_evaluation: true,
      has_text_input: true,
      has_progression: true,
      flags: ['OBSERVED', 'TAUGHT'],
      points: '3',
    });
    expect(criterionDetails(custom, true, t, 'fr')).toEqual({
      kind: 'Personnalisé',
      details: [
        "Niveau d'évaluation",
        'Texte libre',
        'Progression : Observé, Enseigné',
        '3 points au maximum',
      ],
    });
  });
});

describe('blockFacts', () => {
  const block: BlockTreeJson = {
    id: 1,
    order: 0,
    name: 'Bloc',
    reference: 'A',
    reference_color: null,
    should_include_in_export: true,
    is_one_line: false,
    grading_formula: 'AVERAGE',
    coefficient: '1.5',
    criteria: [],
    blocks: [],
  };

  it('shows the formula and the coefficient of a block in the export', () => {
    expect(blockFacts(block, t, 'fr')).toEqual([
      'Calcul : Moyenne',
      "Dans l'export",
      'Coefficient 1,5',
    ]);
  });

  it('says when a block stays out of the export, without a coefficient', () => {
    const outside = { ...block, should_include_in_export: false, is_one_line: true };
    expect(blockFacts(outside, t, 'fr')).toEqual([
      'Calcul : Moyenne',
      "Hors de l'export",
      'Sur une ligne',
    ]);
  });
});
