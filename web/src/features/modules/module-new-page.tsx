import { useQuery, useQueryClient } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { toast } from '../../components/toast.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { useUnits } from '../../shared/api/profiles.ts';
import { templateListQuery, type TemplateJson } from '../../shared/api/templates.ts';
import { instanciateTemplate, refreshModules } from './api.ts';
import { refusalOf } from './module-parts.ts';
import { fieldsOf, ModuleForm, type ModuleValues } from './module-form.tsx';

type Form = UseFormReturn<ModuleValues>;

const ACTIVE_TEMPLATES = 'status=ACTIVE&limit=1000&ordering=template_name';

/** The unit a module of this template goes to: the template's own, else the one chosen. */
const unitFor = (template: TemplateJson | undefined, values: ModuleValues) =>
  template ? (template.unit ?? (values.unit ? Number(values.unit) : null)) : null;

/** /modules/new?template={id}: a module made from a template, in its unit (or a chosen one). */
export default function ModuleNewPage() {
  const { t } = useTranslation();
  const { go } = useLocalePath();
  const client = useQueryClient();
  const preselected = useSearchParams()[0].get('template') ?? '';
  const templates = useQuery(templateListQuery(ACTIVE_TEMPLATES));
  const units = useUnits();
  const list = templates.data?.results ?? [];
  const find = (id: string) => list.find((tpl) => String(tpl.id) === id);

  if (templates.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (templates.isError)
    return <FormMessage message={refusalOf(templates.error, t('errors.unexpected'))} />;
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('pages.moduleNew')}
      </Typography>
      <ModuleForm
        initial={{
          template: find(preselected) ? preselected : '',
          unit: units.data?.length === 1 ? String(units.data[0]!.id) : '',
          name: '',
          cohort: '',
          start_date: '',
          end_date: '',
        }}
        requiredOf={(values) =>
          find(values.template)?.unit === null ? ['template', 'unit'] : ['template']
        }
        nameHint={t('modules.nameHint')}
        unitOf={(values) => unitFor(find(values.template), values)}
        head={(form) => <TemplateAndUnit form={form} templates={list} />}
        submitLabel={t('modules.create')}
        cancelTo="/modules"
        save={async (values) => {
          const template = find(values.template)!;
          const created = await instanciateTemplate(template.id, {
            ...fieldsOf(values),
            ...(template.unit === null && values.unit ? { unit: Number(values.unit) } : {}),
          });
          await refreshModules(client);
          toast({ type: 'success', description: t('modules.created', { name: created.name }) });
          await go(`/modules/${created.id}`);
        }}
      />
    </>
  );
}

/** The template to make the module from and, for a shared template, the unit it goes to. */
function TemplateAndUnit({ form, templates }: { form: Form; templates: TemplateJson[] }) {
  const { t } = useTranslation();
  const units = useUnits();
  const chosen = useWatch({ control: form.control, name: 'template' });
  const template = templates.find((tpl) => String(tpl.id) === chosen);
  return (
    <>
      <SelectField
        control={form.control}
        name="template"
        label={t('modules.fields.template')}
        emptyLabel=""
        required
        options={templates.map((tpl) => ({
          value: String(tpl.id),
          label: `${tpl.template_name} (${t(`enums.moduleType.${tpl.module_type}`)})`,
        }))}
      />
      {template?.unit === null && (
        <SelectField
          control={form.control}
          name="unit"
          label={t('modules.fields.unit')}
          emptyLabel=""
          required
          options={(units.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
        />
      )}
    </>
  );
}
