import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { criterionResult, scoreSourceOf, type GradingResult } from '../../../../domain/grading.ts';
import { useTranslation } from '../../shared/i18n.ts';
import type { BlockJson } from './api.ts';
import { blockTarget, criterionTarget, shownEvaluation } from './assessment-tree.ts';
import { CriterionFields } from './criterion-fields.tsx';
import { TextArea } from '../../components/native-fields.tsx';
import { formatGrade } from '../../shared/grade-format.ts';
import { keyOf, overlay, type Fields, type QueueState, type Target } from './save-queue.ts';
import { referenceEdge } from '../../components/reference-edge.ts';

export interface BlockContext {
  queue: QueueState;
  editable: boolean;
  withTrend: boolean;
  grades: GradingResult;
  /** everything is saved: the grades shown are the server's (equal to the live ones) */
  confirmed: boolean;
  change: (target: Target, fields: Fields) => void;
}

/** Whether a criterion of the block (or of a nested block) can give it a grade. */
const scored = (block: BlockJson): boolean =>
  block.criteria.some((criterion) => scoreSourceOf(criterion) !== null) ||
  block.blocks.some(scored);

/** Blocks are h2 under the page's h1, nested blocks one level deeper each. */
const HEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** A criterion block: its reference colour, its live grade, its criteria (or nested blocks), its comment. */
export function BlockSection({
  block,
  depth,
  ctx,
}: {
  block: BlockJson;
  depth: number;
  ctx: BlockContext;
}) {
  const { t, locale } = useTranslation();
  const headingId = `block-${block.id}-title`;
  const target = blockTarget(block);
  const comment =
    (overlay(ctx.queue, target).comment as string | undefined) ?? block.evaluation.comment;
  const grade = ctx.confirmed ? block.evaluation.grade : (ctx.grades.blocks[block.id] ?? null);
  const errors = ctx.queue.errors[keyOf(target)];
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{
        borderLeft: referenceEdge(block.reference_color),
        pl: { xs: 1.5, sm: 2 },
        py: 1,
        my: 2,
        backgroundColor: depth === 0 ? 'background.paper' : 'transparent',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1 }}>
        <Typography
          id={headingId}
          component={HEADINGS[Math.min(depth, HEADINGS.length - 1)]!}
          variant={depth === 0 ? 'h6' : 'subtitle1'}
          sx={{ flexGrow: 1, fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {block.reference && (
            <Box component="span" sx={{ mr: 1, color: 'text.secondary' }}>
              {block.reference}
            </Box>
          )}
          {block.name}
        </Typography>
        {/* a block of text or progression criteria only never has a grade: no "grade: —" */}
        {(grade !== null || scored(block)) && (
          <Typography
            component="p"
            sx={{ fontWeight: 700 }}
            data-testid={`block-grade-${block.id}`}
          >
            {t('assessment.blockGrade', { grade: formatGrade(grade, locale) })}
          </Typography>
        )}
      </Box>
      {block.criteria.length > 0 && (
        <Box
          sx={
            block.is_one_line
              ? { display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 3 }, mt: 1 }
              : { display: 'grid', gap: 2.5, mt: 1 }
          }
        >
          {block.criteria.map((criterion) => {
            const shown = shownEvaluation(criterion, ctx.queue);
            const criterionTargetValue = criterionTarget(criterion);
            return (
              <CriterionFields
                key={criterion.id}
                criterion={criterion}
                shown={shown}
                editable={ctx.editable}
                withTrend={ctx.withTrend}
                withPoints={block.grading_formula === 'OVER_FIVE_PLUS_ONE_ROUND'}
                result={criterionResult(criterion, { ...shown, criterion: criterion.id })}
                errors={ctx.queue.errors[keyOf(criterionTargetValue)]}
                onChange={(fields) => ctx.change(criterionTargetValue, fields)}
              />
            );
          })}
        </Box>
      )}
      {block.blocks.map((child) => (
        <BlockSection key={child.id} block={child} depth={depth + 1} ctx={ctx} />
      ))}
      {ctx.editable ? (
        <TextArea
          label={t('assessment.blockComment', { name: block.name })}
          value={comment}
          onChange={(value) => ctx.change(target, { comment: value })}
          errors={errors?.comment ?? errors?.non_field_errors}
        />
      ) : (
        comment && (
          <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
            <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
              {t('assessment.comment')}
            </Box>
            {comment}
          </Typography>
        )
      )}
    </Box>
  );
}
