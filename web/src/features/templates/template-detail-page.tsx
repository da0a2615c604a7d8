import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { formatDate, useTranslation } from '../../shared/i18n.ts';
import { DetailField } from '../../components/detail-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../shared/api-client.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { useUnits } from '../../shared/api/profiles.ts';
import { templateQuery } from '../../shared/api/templates.ts';
import { TemplateActionButtons, useTemplateActions } from './template-actions.tsx';
import { SavedTemplatePreview } from './template-preview.tsx';
import { TemplateTreeView } from './template-tree-view.tsx';
import { useObjectTitle } from '../../shared/object-title.ts';

/** /templates/{id}: a module template read-only, its fields and its block and criterion tree. */
export default function TemplateDetailPage() {
  const { t, locale } = useTranslation();
  const { go } = useLocalePath();
  const id = Number(useParams().id);
  const template = useQuery(templateQuery(id));
  useObjectTitle(template.data?.template_name);
  const units = useUnits();
  const { actionsFor, dialogs } = useTemplateActions({ afterDelete: () => void go('/templates') });
  if (template.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (template.isError)
    return (
      <FormMessage
        message={
          template.error instanceof ApiError && template.error.status === 404
            ? t('templates.notFound')
            : t('errors.unexpected')
        }
      />
    );
  const tpl = template.data;
  const unitName =
    tpl.unit === null
      ? t('templates.shared')
      : (units.data?.find((u) => u.id === tpl.unit)?.name ?? `#${tpl.unit}`);

  return (
    <>
      <PageHeader title={tpl.template_name}>
        <Chip
          label={t(`enums.archiveStatus.${tpl.status}`)}
          variant="outlined"
          data-testid="template-status"
        />
      </PageHeader>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 3 }}>
        <TemplateActionButtons actions={actionsFor(tpl)} />
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        <DetailField label={t('templates.fields.type')}>
          {t(`enums.moduleType.${tpl.module_type}`)}
        </DetailField>
        <DetailField label={t('templates.fields.language')}>
          {t(`enums.templateLanguage.${tpl.language}`)}
        </DetailField>
        <DetailField label={t('templates.fields.unit')}>{unitName}</DetailField>
        <DetailField label={t('templates.fields.description')}>
          <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
            {tpl.description || t('templates.none')}
          </Box>
        </DetailField>
        <DetailField label={t('templates.fields.graded')}>
          {tpl.graded ? t('templates.yes') : t('templates.no')}
        </DetailField>
        {tpl.graded && (
          <DetailField label={t('templates.fields.rounding')}>
            {t(`enums.rounding.${tpl.rounding_formula}`)}
          </DetailField>
        )}
        <DetailField label={t('templates.fields.version')}>{tpl.version}</DetailField>
        <DetailField label={t('templates.fields.createdAt')}>
          {formatDate(tpl.created_at, locale)}
        </DetailField>
        <DetailField label={t('templates.fields.updatedAt')}>
          {formatDate(tpl.updated_at, locale)}
        </DetailField>
      </Box>
      <Box sx={{ mt: 4 }}>
        <SavedTemplatePreview template={tpl} />
      </Box>
      <Typography component="h2" variant="h5" sx={{ mt: 4, mb: 1 }}>
        {t('templates.tree.title')}
      </Typography>
      <TemplateTreeView blocks={tpl.tree} headingLevel={3} />
      {dialogs}
    </>
  );
}
