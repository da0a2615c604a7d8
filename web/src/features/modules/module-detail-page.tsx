import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { DetailField } from '../../components/detail-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { useUnits } from '../../shared/api/profiles.ts';
import { templateQuery } from '../../shared/api/templates.ts';
import { moduleAssessmentsQuery, moduleQuery } from './api.ts';
import { ModuleActions, ModuleStatusChip } from './module-actions.tsx';
import { ModuleGroups } from './module-groups.tsx';
import { dateRange, useCohortNames } from './module-parts.ts';
import { ModuleStudents } from './module-students.tsx';
import { useObjectTitle } from '../../shared/object-title.ts';

/** /modules/{id}: the module, its groups and its students' assessments. */
export default function ModuleDetailPage() {
  const { t, locale } = useTranslation();
  const { to, go } = useLocalePath();
  const { user } = useSession();
  const id = Number(useParams().id);
  const module = useQuery(moduleQuery(id));
  useObjectTitle(module.data?.name);
  const assessments = useQuery(moduleAssessmentsQuery(id));
  const units = useUnits();
  const cohorts = useCohortNames();
  const templateId = module.data?.template ?? null;
  const template = useQuery({
    ...templateQuery(templateId ?? 0),
    enabled: templateId !== null && Boolean(user?.permissions.includes('listModuleTemplate')),
  });
  if (module.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (module.isError) return <FormMessage message={t('modules.notFound')} />;
  const m = module.data;
  const unit = units.data?.find((u) => u.id === m.unit);
  const cohort = cohorts.data?.find((c) => c.id === m.cohort);

  return (
    <>
      <PageHeader title={m.name}>
        <ModuleStatusChip status={m.status} />
      </PageHeader>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <ModuleActions module={m} onDeleted={() => void go('/modules')} />
        {m.module_type === 'TRAINING_PLAN' && (
          <Button
            variant="outlined"
            component={PrefetchLink}
            pageId="module-progression"
            params={{ id: String(m.id) }}
            to={to(`/modules/${m.id}/progression`)}
          >
            {t('progression.open')}
          </Button>
        )}
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        <DetailField label={t('modules.fields.type')}>
          {t(`enums.moduleType.${m.module_type}`)}
        </DetailField>
        {template.data && (
          <DetailField label={t('modules.fields.template')}>
            <Link
              component={PrefetchLink}
              pageId="template-detail"
              params={{ id: String(template.data.id) }}
              to={to(`/templates/${template.data.id}`)}
            >
              {template.data.template_name}
            </Link>
          </DetailField>
        )}
        <DetailField label={t('modules.fields.unit')}>{unit?.name ?? `#${m.unit}`}</DetailField>
        {(m.cohort === null || cohort) && (
          <DetailField label={t('modules.fields.cohort')}>{cohort?.name ?? '—'}</DetailField>
        )}
        <DetailField label={t('modules.fields.dates')}>{dateRange(m, locale)}</DetailField>
        <DetailField label={t('modules.fields.graded')}>
          {m.graded ? t('modules.yes') : t('modules.no')}
        </DetailField>
        {m.graded && (
          <DetailField label={t('modules.fields.rounding')}>
            {t(`enums.rounding.${m.rounding_formula}`)}
          </DetailField>
        )}
      </Box>
      <ModuleGroups module={m} assessments={assessments.data} />
      <ModuleStudents
        module={m}
        assessments={assessments.data}
        loading={assessments.isPending}
        error={assessments.isError}
      />
    </>
  );
}
