import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/data-list/confirm-dialog.tsx';
import { DANGER_TEXT } from '../../../components/data-list/danger.ts';
import { ListRow } from '../../../components/list-row.tsx';
import { toast } from '../../../components/toast.ts';
import { formatDay } from '../../../shared/date-format.ts';
import { useTranslation } from '../../../shared/i18n.ts';
import { refusalMessage } from '../../../shared/server-errors.ts';
import type { AssessmentJson } from '../api.ts';
import {
  addGoal,
  changeGoal,
  deleteGoal,
  goalsQuery,
  type Goal,
} from '../../../shared/api/training-report.ts';
import { GoalDialog } from './goal-dialog.tsx';
import { GoalReview } from './goal-review.tsx';

/** A goal as the page reads it: the goal, then measure, due date and who is responsible. */
function GoalText({ goal }: { goal: Goal }) {
  const { t, locale } = useTranslation();
  return (
    <>
      <Typography sx={{ fontWeight: 600, whiteSpace: 'pre-wrap' }}>{goal.goal}</Typography>
      {goal.measure && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {t('goals.measureIs', { measure: goal.measure })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {[
          t(`enums.goalResponsible.${goal.responsible}`),
          goal.due_date ? t('goals.dueOn', { day: formatDay(goal.due_date, locale) }) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </>
  );
}

/** A titled part of the goals: those carried from the previous report, those set for the next. */
function GoalGroup(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={props.id} sx={{ mt: 2 }}>
      <Typography id={props.id} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {props.title}
      </Typography>
      {props.children}
    </Box>
  );
}

/**
 * On a training report: the goals of the previous report to review, and the goals set for the
 * next period; written by the group's instructors while the report is in progress.
 */
export function GoalsSection({ detail }: { detail: AssessmentJson }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(goalsQuery(detail.id));
  const [editing, setEditing] = useState<Goal | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  const goals = query.data;
  if (!goals) return null;
  const refresh = () => client.invalidateQueries({ queryKey: goalsQuery(detail.id).queryKey });

  const remove = async (goal: Goal) => {
    try {
      await deleteGoal(goal.id);
      toast({ type: 'success', description: t('goals.deleted') });
      await refresh();
    } catch (error) {
      toast({ type: 'error', description: refusalMessage(error, t('errors.unexpected')) });
    }
    setDeleting(null);
  };

  return (
    <Box component="section" aria-labelledby="goals-title" sx={{ mt: 3 }}>
      <Typography id="goals-title" component="h2" variant="h6">
        {t('goals.title')}
      </Typography>
      {goals.previous_report && (
        <GoalGroup
          id="carried-title"
          title={t('goals.carried', { module: goals.previous_report.module_name })}
        >
          {goals.carried_goals.length === 0 ? (
            <Typography color="text.secondary">{t('goals.noneCarried')}</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {goals.carried_goals.map((goal) => (
                <ListRow key={goal.id}>
                  <GoalText goal={goal} />
                  <GoalReview goal={goal} editable={goals.editable} onSaved={refresh} />
                </ListRow>
              ))}
            </Box>
          )}
        </GoalGroup>
      )}
      <GoalGroup id="own-goals-title" title={t('goals.next')}>
        {goals.goals.length === 0 && (
          <Typography color="text.secondary">{t('goals.noneYet')}</Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {goals.goals.map((goal) => (
            <ListRow key={goal.id}>
              <GoalText goal={goal} />
              {goal.review_status && (
                <Typography variant="body2">
                  {t('goals.reviewedAs', { status: t(`enums.goalReview.${goal.review_status}`) })}
                </Typography>
              )}
              {goals.editable && (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" onClick={() => setEditing(goal)}>
                    {t('goals.edit')}
                  </Button>
                  <Button size="small" sx={DANGER_TEXT} onClick={() => setDeleting(goal)}>
                    {t('goals.delete')}
                  </Button>
                </Box>
              )}
            </ListRow>
          ))}
        </Box>
        {goals.editable && (
          <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setEditing('new')}>
            {t('goals.add')}
          </Button>
        )}
      </GoalGroup>
      {editing && (
        <GoalDialog
          goal={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSave={async (fields) => {
            if (editing === 'new') await addGoal(detail.id, fields);
            else await changeGoal(editing.id, { ...fields, version: editing.version });
            toast({ type: 'success', description: t('goals.saved') });
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('goals.deleteTitle')}
        confirmLabel={t('goals.delete')}
        danger
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      >
        {deleting?.goal}
      </ConfirmDialog>
    </Box>
  );
}
