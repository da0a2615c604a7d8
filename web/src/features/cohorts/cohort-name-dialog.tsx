import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useTranslation } from '../../app/i18n.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { zodResolver } from '../../lib/form-resolver.ts';
import { required, text } from '../../lib/form-rules.ts';
import { applyServerErrors } from '../../lib/server-errors.ts';

const schema = z.object({ name: text(1, 200), unit: required() });
type Values = z.infer<typeof schema>;

/**
 * Creates a cohort (name and unit) or renames one (name only). `save` throws the API's refusal,
 * shown next to its field; what was typed stays.
 */
export function CohortNameDialog(props: {
  title: string;
  submitLabel: string;
  initial: { name: string; unit: string };
  units?: { value: string; label: string }[];
  onClose: () => void;
  save: (values: Values) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: props.initial });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await props.save(values);
    } catch (error) {
      setFormError(applyServerErrors(error, ['name', 'unit'], form.setError, t('errors.network')));
    }
  });
  return (
    <FormDialog
      title={props.title}
      submitLabel={props.submitLabel}
      formError={formError}
      submitting={form.formState.isSubmitting}
      onClose={props.onClose}
      onSubmit={submit}
    >
      <FormField
        control={form.control}
        name="name"
        label={t('cohorts.fields.name')}
        autoComplete="off"
        required
      />
      {props.units && (
        <SelectField
          control={form.control}
          name="unit"
          label={t('cohorts.fields.unit')}
          options={props.units}
          emptyLabel=""
          required
        />
      )}
    </FormDialog>
  );
}
