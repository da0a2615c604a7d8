import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../shared/i18n.ts';
import { applyServerErrors } from '../shared/server-errors.ts';

/**
 * Submits a form through `save`. A refusal lands next to its field (for the `fields` named),
 * the rest as the form's message; what was typed stays. Returns that message, whether the form
 * is being sent and its submit handler (the props FormDialog takes).
 */
export function useServerSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: readonly Path<T>[],
  save: (values: T) => Promise<void>,
) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save(values);
    } catch (error) {
      setFormError(applyServerErrors(error, fields, form.setError, t('errors.network')));
    }
  });
  return { formError, submitting: form.formState.isSubmitting, onSubmit };
}
