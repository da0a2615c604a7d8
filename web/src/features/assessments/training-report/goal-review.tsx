import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GOAL_REVIEW_STATUSES, type GoalReviewStatus } from '../../../../../domain/constants.ts';
import { toast } from '../../../components/toast.ts';
import { useTranslation } from '../../../shared/i18n.ts';
import { refusalMessage } from '../../../shared/server-errors.ts';
import { changeGoal, type Goal } from '../../../shared/api/training-report.ts';

/**
 * The review of a goal carried from the previous report: how far it was achieved and a comment.
 * While unreviewed it says, next to the goal, that the report cannot be validated yet.
 */
export function GoalReview(props: { goal: Goal; editable: boolean; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const { goal } = props;
  const [status, setStatus] = useState<GoalReviewStatus | ''>(goal.review_status ?? '');
  const [comment, setComment] = useState(goal.review_comment);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!props.editable)
    return (
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {goal.review_status
          ? t('goals.reviewedAs', { status: t(`enums.goalReview.${goal.review_status}`) })
          : t('goals.unreviewed')}
        {goal.review_comment && ` – ${goal.review_comment}`}
      </Typography>
    );

  const save = async () => {
    setSaving(true);
    try {
      await changeGoal(goal.id, {
        review_status: status || null,
        review_comment: comment,
        version: goal.version,
      });
      setError(null);
      toast({ type: 'success', description: t('goals.reviewSaved') });
      await props.onSaved();
    } catch (e) {
      setError(refusalMessage(e, t('errors.unexpected')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), void save())}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mt: 1 }}
    >
      <TextField
        select
        size="small"
        label={t('goals.review')}
        value={status}
        onChange={(e) => setStatus(e.target.value as GoalReviewStatus)}
        error={!goal.review_status}
        helperText={goal.review_status ? undefined : t('goals.reviewBeforeValidation')}
        sx={{ minWidth: 220, maxWidth: 360 }}
      >
        {GOAL_REVIEW_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`enums.goalReview.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('goals.reviewComment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        sx={{ flex: '1 1 240px' }}
      />
      <Button type="submit" variant="outlined" disabled={saving || !status}>
        {t('goals.saveReview')}
      </Button>
      {error && (
        <Typography role="alert" variant="body2" color="error" sx={{ flexBasis: '100%' }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
