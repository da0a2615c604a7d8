/** The texts of the read-only template tree (template-tree-view.tsx), in the reader's language. */
import { presetOf } from '../../../../domain/criterion-presets.ts';
import { scoreSourceOf } from '../../../../domain/grading.ts';
import { formatNumber, type Translate } from '../../shared/i18n.ts';
import type { Locale } from '../../shared/locale.ts';
import type { BlockTreeJson, CriterionTemplateJson } from '../../shared/api/templates.ts';

/** "0.5" in the reader's way of writing numbers ("0,5" in fr-CH). */
const decimal = (value: string, locale: Locale) => formatNumber(Number(value), locale);

/**
 * What a criterion records, beyond its kind: its scales, its flags, and its points when a points
 * formula (its block's or an enclosing block's) counts them.
 */
export function criterionDetails(
  criterion: CriterionTemplateJson,
  countsPoints: boolean,
  t: Translate,
  locale: Locale,
) {
  const preset = presetOf(criterion);
  const details: string[] = [];
  if (preset === null) {
    if (criterion.has_evaluation) details.push(t('templates.tree.evaluation'));
    if (criterion.has_text_input) details.push(t('templates.tree.text'));
  }
  const grade = criterion.grade;
  if (grade)
    details.push(
      t('templates.tree.grade', {
        min: decimal(grade.min, locale),
        max: decimal(grade.max, locale),
        step: decimal(grade.step, locale),
        weight: decimal(grade.weight, locale),
      }),
    );
  const letters = criterion.letter_evaluation;
  if (letters) details.push(t('templates.tree.letter', { min: letters.min, max: letters.max }));
  if (criterion.has_progression && criterion.flags.length > 0)
    details.push(
      t('templates.tree.flags', {
        flags: criterion.flags.map((flag) => t(`enums.progressionFlag.${flag}`)).join(', '),
      }),
    );
  if (countsPoints && scoreSourceOf(criterion) !== null)
    details.push(t('templates.tree.points', { points: decimal(criterion.points, locale) }));
  return {
    kind: preset ? t(`enums.criterionPreset.${preset}`) : t('templates.tree.custom'),
    details,
  };
}

/** A block's grading at a glance: formula, export and coefficient, one-line display. */
export function blockFacts(block: BlockTreeJson, t: Translate, locale: Locale): string[] {
  return [
    t('templates.tree.formula', { formula: t(`enums.gradingFormula.${block.grading_formula}`) }),
    ...(block.should_include_in_export
      ? [
          t('templates.tree.inExport'),
          t('templates.tree.coefficient', { coefficient: decimal(block.coefficient, locale) }),
        ]
      : [t('templates.tree.notInExport')]),
    ...(block.is_one_line ? [t('templates.tree.oneLine')] : []),
  ];
}
