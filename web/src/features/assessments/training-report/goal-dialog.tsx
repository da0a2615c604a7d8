import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { GOAL_RESPONSIBLES, type GoalResponsible } from '../../../../../domain/constants.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ApiError } from '../../../shared/api-client.ts';
import { useTranslation } from '../../../shared/i18n.ts';
import { refusalMessage } from '../../../shared/server-errors.ts';
import type { Goal } from '../../../shared/api/training-report.ts';

export interface GoalFields {
  goal: string;
  measure: string;
  due_date: string | null;
  responsible: GoalResponsible;
}

const FIELDS = ['goal', 'measure', 'due_date', 'responsible'] as const;

/**
 * Adds or changes a goal: the goal, the measure, the due date and who is responsible. A refusal
 * shows next to its field and the dialog keeps what was typed.
 */
export function GoalDialog(props: {
  goal?: Goal;
  onClose: () => void;
  onSave: (fields: GoalFields) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<GoalFields>({
    goal: props.goal?.goal ?? '',
    measure: props.goal?.measure ?? '',
    due_date: props.goal?.due_date ?? null,
    responsible: props.goal?.responsible ?? 'STUDENT',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (name: keyof GoalFields, value: string) =>
    setFields((f) => ({ ...f, [name]: name === 'due_date' && !value ? null : value }));
  const fieldProps = (name: (typeof FIELDS)[number]) => ({
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
    margin: 'dense' as const,
  });

  const submit = async () => {
    if (!fields.goal.trim()) {
      setErrors({ goal: t('rules.required') });
      return;
    }
    setSubmitting(true);
    try {
      await props.onSave(fields);
      props.onClose();
    } catch (error) {
      const byField = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(Object.fromEntries(Object.entries(byField).map(([k, v]) => [k, v.join(' ')])));
      const known = Object.keys(byField).every((k) => (FIELDS as readonly string[]).includes(k));
      setFormError(
        Object.keys(byField).length && known ? null : refusalMessage(error, t('errors.unexpected')),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      title={t(props.goal ? 'goals.editTitle' : 'goals.addTitle')}
      submitLabel={t('goals.save')}
      formError={formError}
      submitting={submitting}
      onClose={props.onClose}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('goals.goal')}
        value={fields.goal}
        onChange={(e) => set('goal', e.target.value)}
        required
        multiline
        {...fieldProps('goal')}
      />
      <TextField
        label={t('goals.measure')}
        value={fields.measure}
        onChange={(e) => set('measure', e.target.value)}
        multiline
        {...fieldProps('measure')}
      />
      <TextField
        label={t('goals.dueDate')}
        type="date"
        value={fields.due_date ?? ''}
        onChange={(e) => set('due_date', e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        {...fieldProps('due_date')}
      />
      <TextField
        select
        label={t('goals.responsible')}
        value={fields.responsible}
        onChange={(e) => set('responsible', e.target.value)}
        {...fieldProps('responsible')}
      >
        {GOAL_RESPONSIBLES.map((r) => (
          <MenuItem key={r} value={r}>
            {t(`enums.goalResponsible.${r}`)}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
