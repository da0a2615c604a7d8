import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useTranslation } from '../../shared/i18n.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useServerSubmit } from '../../components/use-server-submit.ts';
import { zodResolver } from '../../shared/form-resolver.ts';
import { required, text } from '../../shared/form-rules.ts';

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
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: props.initial });
  const submit = useServerSubmit(form, ['name', 'unit'], props.save);
  return (
    <FormDialog
      title={props.title}
      submitLabel={props.submitLabel}
      onClose={props.onClose}
      {...submit}
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
