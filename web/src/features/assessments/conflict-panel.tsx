import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation, type Translate } from '../../shared/i18n.ts';
import type { Locale } from '../../../../domain/constants.ts';
import { toast } from '../../components/toast.ts';
import type { AssessmentJson } from './api.ts';
import { allBlocks, allCriteria } from '../../shared/assessment-blocks.ts';
import { formatNumber } from '../../shared/grade-format.ts';
import type { Difference, QueueState } from './save-queue.ts';

const FIELD_LABELS: Record<string, string> = {
  evaluation: 'assessment.evaluation',
  grade: 'assessment.grade',
  letter: 'assessment.letter',
  text: 'assessment.text',
  progression: 'assessment.progression',
  trend: 'assessment.trend',
  comment: 'assessment.comment',
};

function shownValue(field: string, value: unknown, t: Translate, locale: Locale): string {
  if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  if (field === 'evaluation') return t(`enums.evaluationLevel.${String(value)}`);
  if (field === 'trend') return t(`enums.trend.${String(value)}`);
  if (field === 'grade') return formatNumber(String(value), locale);
  if (field === 'progression')
    return (value as string[]).map((f) => t(`enums.progressionFlag.${f}`)).join(', ');
  return String(value);
}

/** Where a difference is: the criterion, the block or the assessment it belongs to. */
function placeOf(detail: AssessmentJson, difference: Difference, t: Translate): string {
  const { kind, id } = difference.target;
  if (kind === 'criterion')
    return allCriteria(detail.blocks).find((c) => c.evaluation.id === id)?.name ?? '';
  if (kind === 'block')
    return allBlocks(detail.blocks).find((b) => b.evaluation.id === id)?.name ?? '';
  return t('assessment.assessmentComment');
}

/**
 * Someone else saved first (409): the user takes their changes, sees where their own unsaved
 * values differ, may take the other value field by field, then saves their own on top.
 */
export function ConflictPanel(props: {
  detail: AssessmentJson;
  queue: QueueState;
  differences: Difference[];
  onTakeTheirs: () => Promise<void>;
  onUseTheirs: (difference: Difference) => void;
  onSaveMine: () => void;
  onDiscardMine: () => void;
  /** the reloaded assessment still takes changes (not validated or locked meanwhile) */
  editable: boolean;
}) {
  const { t, locale } = useTranslation();
  const [loading, setLoading] = useState(false);
  if (!props.queue.conflict && !props.queue.reviewing) return null;
  const take = async () => {
    setLoading(true);
    try {
      await props.onTakeTheirs();
    } catch {
      toast({ type: 'error', description: t('errors.network') });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Box
      role="alert"
      sx={{
        my: 2,
        p: 2,
        borderLeft: 4,
        borderColor: 'warning.main',
        backgroundColor: 'tone.warningSurface',
        color: 'tone.warning',
      }}
    >
      {props.queue.conflict ? (
        <>
          <Typography component="h2" variant="h6">
            {t('assessment.conflict.title')}
          </Typography>
          <Typography sx={{ my: 1 }}>{props.queue.conflict}</Typography>
          <Typography sx={{ mb: 1 }}>{t('assessment.conflict.kept')}</Typography>
          <Button
            variant="contained"
            disabled={loading}
            onClick={() => void take()}
            sx={{ minHeight: 44 }}
          >
            {t('assessment.conflict.takeTheirs')}
          </Button>
        </>
      ) : (
        <>
          <Typography component="h2" variant="h6">
            {t('assessment.conflict.reviewTitle')}
          </Typography>
          <Typography sx={{ my: 1 }}>{t('assessment.conflict.review')}</Typography>
          <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
            {props.differences.map((d) => (
              <Box component="li" key={`${d.target.kind}-${d.target.id}-${d.field}`} sx={{ mb: 1 }}>
                <strong>
                  {placeOf(props.detail, d, t)} — {t(FIELD_LABELS[d.field] ?? d.field)}
                </strong>
                <br />
                {t('assessment.conflict.values', {
                  mine: shownValue(d.field, d.mine, t, locale),
                  theirs: shownValue(d.field, d.theirs, t, locale),
                })}{' '}
                <Button
                  size="small"
                  onClick={() => props.onUseTheirs(d)}
                  aria-label={t('assessment.conflict.useTheirsFor', {
                    place: placeOf(props.detail, d, t),
                    field: t(FIELD_LABELS[d.field] ?? d.field),
                  })}
                  sx={{ minHeight: 44 }}
                >
                  {t('assessment.conflict.useTheirs')}
                </Button>
              </Box>
            ))}
          </Box>
          {props.editable ? (
            <Button variant="contained" onClick={props.onSaveMine} sx={{ minHeight: 44 }}>
              {t('assessment.conflict.saveMine')}
            </Button>
          ) : (
            <>
              <Typography sx={{ mb: 1 }}>{t('assessment.conflict.notEditable')}</Typography>
              <Button variant="contained" onClick={props.onDiscardMine} sx={{ minHeight: 44 }}>
                {t('assessment.conflict.discardMine')}
              </Button>
            </>
          )}
        </>
      )}
    </Box>
  );
}
