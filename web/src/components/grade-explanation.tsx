import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type {
  BlockInput,
  BlockStep,
  CriterionInput,
  GradingResult,
  ModuleStep,
} from '../../../domain/grading.ts';
import type { Translate } from '../shared/i18n.ts';
import { useTranslation } from '../shared/i18n.ts';
import type { AssessmentDetail } from '../../../domain/schemas/assessment-detail.ts';
import { allBlocks, allCriteria } from '../shared/assessment-blocks.ts';
import { formatNumber } from '../shared/grade-format.ts';

type Format = (value: string | null) => string;

function valueLabel(input: CriterionInput, t: Translate, format: Format) {
  if (input.value == null) return '—';
  if (input.source === 'evaluation') return t(`enums.evaluationLevel.${input.value}`);
  if (input.source === 'grade') return format(input.value);
  return input.value;
}

/** "(4,5 × 1 + 5,5 × 2) / (1 + 2)": the weighted mean with the numbers that went in. */
function meanTerms(pairs: { value: string; weight: string }[], format: Format) {
  const top = pairs.map((p) => `${format(p.value)} × ${format(p.weight)}`).join(' + ');
  const bottom = pairs.map((p) => format(p.weight)).join(' + ');
  return `(${top}) / (${bottom})`;
}

function Rounding(props: {
  unrounded: string | null;
  step: string;
  result: string | null;
  terms: string;
  format: Format;
}) {
  const { t } = useTranslation();
  if (props.unrounded === null) return <Typography>{t('assessment.explain.noGrade')}</Typography>;
  return (
    <Typography component="div">
      <Box component="p" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {props.terms} = {props.format(props.unrounded)}
      </Box>
      <Box component="p" sx={{ m: 0, fontWeight: 700 }}>
        {t('assessment.explain.rounded', {
          step: props.format(props.step),
          result: props.format(props.result),
        })}
      </Box>
    </Typography>
  );
}

export function BlockExplanation({
  step,
  names,
  format,
}: {
  step: BlockStep;
  names: { block: Map<number, string>; criterion: Map<number, string> };
  format: Format;
}) {
  const { t } = useTranslation();
  const points = step.formula === 'OVER_FIVE_PLUS_ONE_ROUND';
  const line = (input: CriterionInput | BlockInput) => {
    const name =
      input.kind === 'criterion'
        ? names.criterion.get(input.criterion)
        : names.block.get(input.block);
    if (input.left_out)
      return t('assessment.explain.leftOutLine', {
        name,
        reason: t(`assessment.explain.leftOut.${input.left_out}`),
      });
    if (input.kind === 'block') {
      return points
        ? t('assessment.explain.blockPoints', {
            name,
            points: format(input.points),
            max: format(input.max_points),
          })
        : t('assessment.explain.blockGrade', {
            name,
            grade: format(input.grade),
            weight: format(input.weight),
          });
    }
    const values = {
      name,
      value: valueLabel(input, t, format),
      fraction: format(input.fraction),
      score: format(input.score),
      weight: format(input.weight),
      points: format(input.points),
      max: format(input.max_points),
    };
    return t(
      points ? 'assessment.explain.criterionPoints' : 'assessment.explain.criterionScore',
      values,
    );
  };
  const counted = step.inputs.filter((input) => !input.left_out);
  const terms = points
    ? `${format(step.points)} / ${format(step.max_points)} × 5 + 1`
    : meanTerms(
        counted.map((input) =>
          input.kind === 'criterion'
            ? { value: input.score ?? '0', weight: input.weight ?? '1' }
            : { value: input.grade ?? '0', weight: input.weight },
        ),
        format,
      );
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {names.block.get(step.block)} — {t(`enums.gradingFormula.${step.formula}`)}
      </Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
        {step.inputs.map((input) => (
          <li key={`${input.kind}-${input.kind === 'criterion' ? input.criterion : input.block}`}>
            {line(input)}
          </li>
        ))}
      </Box>
      <Rounding
        unrounded={step.unrounded}
        step={step.rounding_step}
        result={step.result}
        terms={terms}
        format={format}
      />
    </Box>
  );
}

export function ModuleExplanation({
  step,
  names,
  format,
}: {
  step: ModuleStep;
  names: Map<number, string>;
  format: Format;
}) {
  const { t } = useTranslation();
  const counted = step.inputs.filter((input) => !input.left_out && input.grade !== null);
  return (
    <Box component="section">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('assessment.explain.module', { rounding: t(`enums.rounding.${step.rounding_formula}`) })}
      </Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
        {step.inputs.map((input) => (
          <li key={input.block}>
            {input.left_out
              ? t('assessment.explain.leftOutLine', {
                  name: names.get(input.block),
                  reason: t(`assessment.explain.leftOut.${input.left_out}`),
                })
              : t('assessment.explain.blockGrade', {
                  name: names.get(input.block),
                  grade: format(input.grade),
                  weight: format(input.coefficient),
                })}
          </li>
        ))}
      </Box>
      <Rounding
        unrounded={step.unrounded}
        step={step.rounding_step}
        result={step.result}
        terms={meanTerms(
          counted.map((input) => ({ value: input.grade!, weight: input.coefficient })),
          format,
        )}
        format={format}
      />
    </Box>
  );
}

/** "How this grade was computed": every step of the engine, in the reader's language. */
export function GradeExplanation(props: {
  open: boolean;
  onClose: () => void;
  detail: AssessmentDetail;
  grades: GradingResult;
}) {
  const { t, locale } = useTranslation();
  const format: Format = (value) => formatNumber(value, locale);
  const names = {
    block: new Map(allBlocks(props.detail.blocks).map((b) => [b.id, b.name])),
    criterion: new Map(allCriteria(props.detail.blocks).map((c) => [c.id, c.name])),
  };
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="grade-explanation-title"
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id="grade-explanation-title">{t('assessment.explain.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('assessment.explain.intro')}</Typography>
        {props.grades.steps.map((step) =>
          step.kind === 'block' ? (
            <BlockExplanation key={`b${step.block}`} step={step} names={names} format={format} />
          ) : (
            <ModuleExplanation key="module" step={step} names={names.block} format={format} />
          ),
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
