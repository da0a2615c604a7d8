import { useQuery, useQueryClient } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { moduleQuery, refreshModules, updateModule } from './api.ts';
import { fieldsOf, ModuleForm } from './module-form.tsx';

/** /modules/{id}/edit: name, cohort and dates of a module (PATCH); input stays when refused. */
export default function ModuleEditPage() {
  const { t } = useTranslation();
  const { go } = useLocalePath();
  const id = Number(useParams().id);
  const client = useQueryClient();
  const module = useQuery(moduleQuery(id));
  if (module.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (module.isError) return <FormMessage message={t('modules.notFound')} />;
  const m = module.data;
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('modules.editTitle', { name: m.name })}
      </Typography>
      <ModuleForm
        initial={{
          template: '',
          unit: String(m.unit),
          name: m.name,
          cohort: m.cohort === null ? '' : String(m.cohort),
          start_date: m.start_date ?? '',
          end_date: m.end_date ?? '',
        }}
        requiredOf={() => ['name']}
        unitOf={() => m.unit}
        submitLabel={t('modules.save')}
        cancelTo={`/modules/${id}`}
        save={async (values) => {
          await updateModule(id, fieldsOf(values));
          await refreshModules(client);
          toast({ type: 'success', description: t('modules.saved') });
          await go(`/modules/${id}`);
        }}
      />
    </>
  );
}
