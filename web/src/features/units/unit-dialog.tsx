import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useTranslation } from '../../shared/i18n.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useServerSubmit } from '../../components/use-server-submit.ts';
import { zodResolver } from '../../shared/form-resolver.ts';
import { text } from '../../shared/form-rules.ts';

const schema = z.object({ name: text(1, 100), code: text(1, 20) });
export type UnitValues = z.infer<typeof schema>;

/** Name and code of a unit, new or renamed; refusals (a code taken) next to their field. */
export function UnitDialog(props: {
  title: string;
  submitLabel: string;
  initial: UnitValues;
  onClose: () => void;
  save: (values: UnitValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<UnitValues>({ resolver: zodResolver(schema), defaultValues: props.initial });
  const submit = useServerSubmit(form, ['name', 'code'], props.save);
  return (
    <FormDialog
      title={props.title}
      submitLabel={props.submitLabel}
      onClose={props.onClose}
      {...submit}
    >
      <FormField control={form.control} name="name" label={t('units.fields.name')} required />
      <FormField control={form.control} name="code" label={t('units.fields.code')} required />
    </FormDialog>
  );
}
