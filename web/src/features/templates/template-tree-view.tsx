import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { presetOf } from '../../../../domain/criterion-presets.ts';
import { scoreSourceOf } from '../../../../domain/grading.ts';
import { formatNumber, useTranslation, type Translate } from '../../app/i18n.ts';
import type { Locale } from '../../app/locale.ts';
import type { BlockTreeJson, CriterionTemplateJson } from './api.ts';

type Level = 2 | 3 | 4 | 5 | 6;
const headingOf = (level: number) => `h${Math.min(level, 6) as Level}` as const;

/** "0.5" in the reader's way of writing numbers ("0,5" in fr-CH). */
const decimal = (value: string, locale: Locale) => formatNumber(Number(value), locale);

/** What a criterion records, beyond its kind: its scales, its flags, its points. */
function criterionDetails(criterion: CriterionTemplateJson, t: Translate, locale: Locale) {
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
  if (scoreSourceOf(criterion) !== null)
    details.push(t('templates.tree.points', { points: decimal(criterion.points, locale) }));
  return {
    kind: preset ? t(`enums.criterionPreset.${preset}`) : t('templates.tree.custom'),
    details,
  };
}

function CriterionItem({ criterion }: { criterion: CriterionTemplateJson }) {
  const { t, locale } = useTranslation();
  const { kind, details } = criterionDetails(criterion, t, locale);
  return (
    <Box
      component="li"
      sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {criterion.name}
        </Typography>
        <Chip size="small" label={kind} data-testid="criterion-kind" />
      </Box>
      {criterion.description && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {criterion.description}
        </Typography>
      )}
      {details.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {details.join(' · ')}
        </Typography>
      )}
    </Box>
  );
}

function BlockItem({ block, level }: { block: BlockTreeJson; level: number }) {
  const { t, locale } = useTranslation();
  const facts = [
    t('templates.tree.formula', { formula: t(`enums.gradingFormula.${block.grading_formula}`) }),
    ...(block.should_include_in_export
      ? [
          t('templates.tree.inExport'),
          t('templates.tree.coefficient', { coefficient: decimal(block.coefficient, locale) }),
        ]
      : [t('templates.tree.notInExport')]),
    ...(block.is_one_line ? [t('templates.tree.oneLine')] : []),
  ];
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        mb: 2,
        pl: 2,
        borderLeft: 4,
        borderColor: block.reference_color ?? 'divider',
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {block.reference_color && (
          <Box
            role="img"
            aria-label={t('templates.tree.color', { color: block.reference_color })}
            title={block.reference_color}
            sx={{
              width: 16,
              height: 16,
              flexShrink: 0,
              borderRadius: '50%',
              border: 1,
              borderColor: 'text.secondary',
              backgroundColor: block.reference_color,
            }}
          />
        )}
        <Typography
          component={headingOf(level)}
          variant={level <= 3 ? 'h6' : 'subtitle1'}
          sx={{ m: 0, overflowWrap: 'anywhere' }}
        >
          {block.reference ? `${block.reference} – ${block.name}` : block.name}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {facts.join(' · ')}
      </Typography>
      {block.criteria.length > 0 && (
        <Box
          component="ul"
          aria-label={t('templates.tree.criteria', { name: block.name })}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {block.criteria.map((criterion) => (
            <CriterionItem key={criterion.id} criterion={criterion} />
          ))}
        </Box>
      )}
      {block.blocks.length > 0 && <BlockList blocks={block.blocks} level={level + 1} />}
    </Box>
  );
}

function BlockList({
  blocks,
  level,
  label,
}: {
  blocks: BlockTreeJson[];
  level: number;
  label?: string;
}) {
  return (
    <Box component="ol" aria-label={label} sx={{ p: 0, m: 0, mt: 1 }}>
      {blocks.map((block) => (
        <BlockItem key={block.id} block={block} level={level} />
      ))}
    </Box>
  );
}

/**
 * A template's blocks and criteria, read-only: each block with its reference and colour, its
 * formula, coefficient or absence from the export, and its criteria with their kind (the preset
 * they match), scales, progression flags and points. Block headings start at `headingLevel`.
 */
export function TemplateTreeView({
  blocks,
  headingLevel = 3,
}: {
  blocks: BlockTreeJson[];
  headingLevel?: number;
}) {
  const { t } = useTranslation();
  if (blocks.length === 0)
    return <Typography sx={{ my: 2 }}>{t('templates.tree.empty')}</Typography>;
  return <BlockList blocks={blocks} level={headingLevel} label={t('templates.tree.label')} />;
}
