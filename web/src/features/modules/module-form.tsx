import type { ReactNode } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import * as z from 'zod/mini';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../shared/i18n.ts';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useServerSubmit } from '../../components/use-server-submit.ts';
import { zodResolver } from '../../shared/form-resolver.ts';
import { rule } from '../../shared/rule-messages.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import type { ModuleFields } from './api.ts';
import { useCohortNames } from './module-parts.ts';

const schema = z.object({
  template: z.string(),
  unit: z.string(),
  name: z.string().check(z.trim(), z.maxLength(200, rule('maxLength', 200))),
  cohort: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export type ModuleValues = z.infer<typeof schema>;
type Form = UseFormReturn<ModuleValues>;

const SERVER_FIELDS = ['template', 'unit', 'name', 'cohort', 'start_date', 'end_date'] as const;

/** The values as the API takes them: empty choices become null. */
export const fieldsOf = (values: ModuleValues): ModuleFields => ({
  name: values.name,
  cohort: values.cohort ? Number(values.cohort) : null,
  start_date: values.start_date || null,
  end_date: values.end_date || null,
});

/**
 * The fields of a module for /modules/new and /modules/{id}/edit: name, cohort of the unit,
 * dates. `head` renders what comes first (the template and unit choice of a new module) and
 * `unitOf` says which unit's cohorts to offer. `save` throws the API's refusal: its field
 * messages land next to their fields and the typed values stay.
 */
export function ModuleForm(props: {
  initial: ModuleValues;
  /** the fields that must be filled, given what is chosen (checked before sending) */
  requiredOf: (values: ModuleValues) => (keyof ModuleValues)[];
  nameHint?: string;
  unitOf: (values: ModuleValues) => number | null;
  head?: (form: Form) => ReactNode;
  submitLabel: string;
  cancelTo: string;
  save: (values: ModuleValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { go } = useLocalePath();
  const form = useForm<ModuleValues>({
    resolver: zodResolver(schema),
    defaultValues: props.initial,
  });
  const values = useWatch({ control: form.control }) as ModuleValues;
  const unit = props.unitOf(values);
  const cohorts = useCohortNames();
  const cohortOptions = (cohorts.data ?? [])
    .filter((c) => c.unit === unit && (c.status === 'ACTIVE' || String(c.id) === values.cohort))
    .map((c) => ({ value: String(c.id), label: c.name }));

  const submit = useServerSubmit(form, SERVER_FIELDS, async (submitted) => {
    const missing = props.requiredOf(submitted).filter((name) => !submitted[name]);
    missing.forEach((name, i) =>
      form.setError(
        name,
        { type: 'required', message: rule('required') },
        { shouldFocus: i === 0 },
      ),
    );
    if (missing.length > 0) return;
    await props.save(submitted);
  });

  return (
    <Box component="form" noValidate onSubmit={submit.onSubmit} sx={{ maxWidth: 720 }}>
      <FormMessage message={submit.formError} />
      {props.head?.(form)}
      <FormField
        control={form.control}
        name="name"
        label={t('modules.fields.name')}
        autoComplete="off"
        hint={props.nameHint}
        required={props.requiredOf(values).includes('name')}
      />
      <SelectField
        control={form.control}
        name="cohort"
        label={t('modules.fields.cohort')}
        options={cohortOptions}
        emptyLabel={t('modules.noCohort')}
        disabled={unit === null}
      />
      <Box sx={{ display: 'grid', gap: { md: 2 }, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <FormField
          control={form.control}
          name="start_date"
          type="date"
          label={t('modules.fields.startDate')}
        />
        <FormField
          control={form.control}
          name="end_date"
          type="date"
          label={t('modules.fields.endDate')}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={submit.submitting}>
          {props.submitLabel}
        </Button>
        <Button onClick={() => void go(props.cancelTo)}>{t('list.cancel')}</Button>
      </Box>
    </Box>
  );
}
