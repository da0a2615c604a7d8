/**
 * How an assessment of a template looks, and how its grade is computed: the blocks (one-line
 * blocks on one line, reference colours), each criterion's inputs, and sample values the reader
 * may give, graded by the domain engine with the formula and rounding of each step.
 */
import { memo, useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { EVALUATION_LEVELS, type RoundingFormula } from '../../../../domain/constants.ts';
import { isDecimal } from '../../../../domain/decimal.ts';
import { useTranslation } from '../../shared/i18n.ts';
import type { TemplateDetailJson } from '../../shared/api/templates.ts';
import {
  formatGrade,
  formatNumber,
  gradeOptions,
  letterOptions,
} from '../../shared/grade-format.ts';
import { BlockExplanation, ModuleExplanation } from '../../components/grade-explanation.tsx';
import {
  blocksFromJson,
  itemKey,
  walkItems,
  type EditorBlock,
  type EditorCriterion,
} from './editor-tree.ts';
import { CheckInput, SelectInput, TextInput } from './item-fields.tsx';
import { previewGrades, type PreviewGrades, type SampleValue } from './preview-grading.ts';
import { referenceEdge } from '../../components/reference-edge.ts';

type Samples = Record<string, SampleValue>;

export interface PreviewTemplate {
  template_name?: string;
  graded: boolean;
  rounding_formula: RoundingFormula;
}

/** The preview of the editor's tree and fields (or of a saved template). */
export function TemplatePreview(props: {
  blocks: readonly EditorBlock[];
  template: PreviewTemplate;
}) {
  const { t, locale } = useTranslation();
  // the explanation's steps as short as they go; the grades themselves with their tenth
  const format = (value: string | null) => formatNumber(value, locale);
  const [samples, setSamples] = useState<Samples>({});
  const { blocks, template } = props;
  const grades = useMemo(
    () => previewGrades(blocks, template, samples),
    [blocks, template, samples],
  );
  const names = useMemo(() => {
    const byKind = { block: new Map<number, string>(), criterion: new Map<number, string>() };
    for (const item of walkItems(blocks))
      byKind[item.kind].set(
        grades.numbers.get(itemKey(item)) ?? 0,
        item.name || t('templates.editor.untitled'),
      );
    return byKind;
  }, [blocks, grades, t]);
  const setSample = useCallback(
    (key: string, value: SampleValue) =>
      setSamples((current) => ({ ...current, [key]: { ...current[key], ...value } })),
    [],
  );
  const [explaining, setExplaining] = useState(false);

  return (
    <Paper
      component="section"
      aria-labelledby="template-preview-title"
      variant="outlined"
      sx={{ p: 2 }}
    >
      <Typography id="template-preview-title" component="h2" variant="h6" tabIndex={-1}>
        {t('templates.preview.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('templates.preview.hint')}
      </Typography>
      {blocks.length === 0 && <Typography>{t('templates.preview.empty')}</Typography>}
      {blocks.map((block) => (
        <PreviewBlock
          key={itemKey(block)}
          block={block}
          level={3}
          grades={grades}
          samples={samples}
          setSample={setSample}
        />
      ))}
      {template.graded && (
        <Typography
          role="status"
          component="p"
          variant="subtitle1"
          sx={{ mt: 2, pt: 1, fontWeight: 600, borderTop: 1, borderColor: 'divider' }}
        >
          {t('templates.preview.moduleGrade', {
            grade: grades.moduleStep?.result
              ? formatGrade(grades.moduleStep.result, locale)
              : t('templates.preview.noGrade'),
          })}
        </Typography>
      )}
      {!template.graded && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('templates.preview.notGraded')}
        </Typography>
      )}
      {blocks.length > 0 && (
        <Box
          component="details"
          sx={{ mt: 2 }}
          onToggle={(event) => setExplaining((event.currentTarget as HTMLDetailsElement).open)}
        >
          <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 500 }}>
            {t('assessment.explain.title')}
          </Box>
          <Typography variant="body2" sx={{ my: 1 }}>
            {t('assessment.explain.intro')}
          </Typography>
          {explaining &&
            grades.result.steps.map((step) =>
              step.kind === 'block' ? (
                <BlockExplanation
                  key={`b${step.block}`}
                  step={step}
                  names={names}
                  format={format}
                />
              ) : (
                <ModuleExplanation key="module" step={step} names={names.block} format={format} />
              ),
            )}
        </Box>
      )}
    </Paper>
  );
}

/** The preview of a saved template (the detail page). */
export function SavedTemplatePreview({ template }: { template: TemplateDetailJson }) {
  const blocks = useMemo(() => blocksFromJson(template.tree), [template.tree]);
  return <TemplatePreview blocks={blocks} template={template} />;
}

function PreviewBlock(props: {
  block: EditorBlock;
  level: number;
  grades: PreviewGrades;
  samples: Samples;
  setSample: (key: string, value: SampleValue) => void;
}) {
  const { t, locale } = useTranslation();
  const { block, grades } = props;
  const step = grades.blockStep(itemKey(block));
  const name = block.name || t('templates.editor.untitled');
  return (
    <Box
      sx={{
        mt: 1.5,
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderLeft: referenceEdge(block.reference_color),
        borderRadius: 1,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1 }}>
        {block.reference && (
          <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
            {block.reference}
          </Typography>
        )}
        <Typography
          component={`h${Math.min(6, props.level)}` as 'h3'}
          variant="subtitle1"
          sx={{ fontWeight: 600 }}
        >
          {name}
        </Typography>
      </Box>
      <Box
        sx={
          block.is_one_line
            ? { display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }
            : undefined
        }
      >
        {block.criteria.map((criterion) => (
          <PreviewCriterion
            key={itemKey(criterion)}
            criterion={criterion}
            criterionKey={itemKey(criterion)}
            sample={props.samples[itemKey(criterion)]}
            setSample={props.setSample}
          />
        ))}
      </Box>
      {block.blocks.map((child) => (
        <PreviewBlock key={itemKey(child)} {...props} block={child} level={props.level + 1} />
      ))}
      {step && (
        <Typography component="p" variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          {t('templates.preview.blockGrade', {
            name,
            grade: step.result ? formatGrade(step.result, locale) : t('templates.preview.noGrade'),
          })}
        </Typography>
      )}
    </Box>
  );
}

/** Rendered again only when its criterion or its sample changes (`setSample` is stable). */
const PreviewCriterion = memo(function PreviewCriterion(props: {
  criterion: EditorCriterion;
  criterionKey: string;
  sample: SampleValue | undefined;
  setSample: (key: string, value: SampleValue) => void;
}) {
  const { t, locale } = useTranslation();
  const setSample = (value: SampleValue) => props.setSample(props.criterionKey, value);
  const { criterion } = props;
  const sample = props.sample ?? {};
  const name = criterion.name || t('templates.editor.untitled');
  const scale = criterion.grade;
  // the scale may be half typed in the editor: no options until its numbers are numbers
  const grades =
    scale && [scale.min, scale.max, scale.step, scale.weight].every(isDecimal)
      ? gradeOptions(scale)
      : [];
  const letters = criterion.letter_evaluation ? letterOptions(criterion.letter_evaluation) : [];
  const empty = { value: '', label: '—' };
  return (
    <Box sx={{ py: 0.5, minWidth: 0, flex: '1 1 200px' }}>
      <Typography component="p" variant="body2" sx={{ fontWeight: 500 }}>
        {name}
      </Typography>
      {criterion.description && (
        <Typography variant="body2" color="text.secondary">
          {criterion.description}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {criterion.has_evaluation && (
          <SelectInput
            label={t('templates.preview.evaluationLabel')}
            accessibleName={t('templates.preview.evaluation', { name })}
            value={sample.evaluation ?? ''}
            options={[
              empty,
              ...EVALUATION_LEVELS.map((l) => ({
                value: l,
                label: t(`enums.evaluationLevel.${l}`),
              })),
            ]}
            onChange={(value) => setSample({ evaluation: value as SampleValue['evaluation'] })}
            width={220}
          />
        )}
        {criterion.grade && (
          <SelectInput
            label={t('templates.preview.gradeLabel')}
            accessibleName={t('templates.preview.grade', { name })}
            value={sample.grade ?? ''}
            options={[empty, ...grades.map((g) => ({ value: g, label: formatNumber(g, locale) }))]}
            onChange={(grade) => setSample({ grade })}
            width={160}
          />
        )}
        {criterion.letter_evaluation && (
          <SelectInput
            label={t('templates.preview.letterLabel')}
            accessibleName={t('templates.preview.letter', { name })}
            value={sample.letter ?? ''}
            options={[empty, ...letters.map((l) => ({ value: l, label: l }))]}
            onChange={(letter) => setSample({ letter: letter as SampleValue['letter'] })}
            width={160}
          />
        )}
      </Box>
      {criterion.has_text_input && (
        <TextInput
          label={t('templates.preview.textLabel')}
          accessibleName={t('templates.preview.text', { name })}
          value=""
          onChange={() => {}}
          multiline
          disabled
        />
      )}
      {criterion.has_progression && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          {criterion.flags.map((flag) => (
            <CheckInput
              key={flag}
              label={t(`enums.progressionFlag.${flag}`)}
              checked={false}
              onChange={() => {}}
              disabled
            />
          ))}
        </Box>
      )}
    </Box>
  );
});
