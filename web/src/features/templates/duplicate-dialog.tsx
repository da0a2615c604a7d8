import { useForm } from 'react-hook-form';
import { FormDialog } from '../../components/form-dialog.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useTranslation } from '../../shared/i18n.ts';
import type { UnitJson } from '../../shared/api/profiles.ts';
import type { TemplateJson } from '../../shared/api/templates.ts';

/** Which unit receives the copy of a shared template, for readers of several units. */
export function DuplicateDialog(props: {
  template: TemplateJson;
  units: UnitJson[];
  formError: string | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (unit: number) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit } = useForm({
    defaultValues: { unit: String(props.units[0]?.id ?? '') },
  });
  return (
    <FormDialog
      title={t('templates.duplicateTitle', { name: props.template.template_name })}
      submitLabel={t('templates.duplicate')}
      formError={props.formError}
      submitting={props.busy}
      onClose={props.onClose}
      onSubmit={handleSubmit((values) => props.onSubmit(Number(values.unit)))}
    >
      <SelectField
        control={control}
        name="unit"
        label={t('templates.duplicateUnit')}
        options={props.units.map((u) => ({ value: String(u.id), label: u.name }))}
        required
      />
    </FormDialog>
  );
}
