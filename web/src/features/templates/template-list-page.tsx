import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { LOCALES, MODULE_TYPES, ARCHIVE_STATUSES } from '../../../../domain/constants.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { DataList, pageOf, type Column } from '../../components/data-list/data-list.tsx';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { useUnits } from '../../shared/api/profiles.ts';
import { templateListQuery, type TemplateJson } from '../../shared/api/templates.ts';
import { TemplateActionMenu, useTemplateActions } from './template-actions.tsx';

/** The filters of the list, read from the address and sent to the API as they are. */
const FILTERS = ['module_type', 'language', 'status', 'unit'] as const;

/** /templates: the module templates the reader sees, searched, filtered and sorted on the server. */
export default function TemplateListPage() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const { user } = useSession();
  const params = useListParams({ ordering: 'template_name' });
  const units = useUnits();
  const list = useQuery(
    templateListQuery(
      params.query(Object.fromEntries(FILTERS.map((f) => [f, params.filter(f) || undefined]))),
    ),
  );
  const { actionsFor, dialogs } = useTemplateActions();
  const unitName = (id: number | null) =>
    id === null ? t('templates.shared') : (units.data?.find((u) => u.id === id)?.name ?? `#${id}`);
  const filter = (
    name: (typeof FILTERS)[number],
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <FilterSelect
      label={label}
      value={params.filter(name)}
      onChange={(value) => params.setFilter(name, value || null)}
      options={options}
      allLabel={t('list.all')}
    />
  );

  const columns: Column<TemplateJson>[] = [
    {
      key: 'name',
      header: t('templates.fields.name'),
      sortKey: 'template_name',
      render: (row) => (
        <Link
          component={PrefetchLink}
          pageId="template-detail"
          params={{ id: String(row.id) }}
          to={to(`/templates/${row.id}`)}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {row.template_name}
        </Link>
      ),
    },
    {
      key: 'type',
      header: t('templates.fields.type'),
      sortKey: 'module_type',
      render: (row) => t(`enums.moduleType.${row.module_type}`),
    },
    {
      key: 'language',
      header: t('templates.fields.language'),
      render: (row) => t(`enums.templateLanguage.${row.language}`),
    },
    {
      key: 'status',
      header: t('templates.fields.status'),
      render: (row) => t(`enums.archiveStatus.${row.status}`),
    },
    { key: 'unit', header: t('templates.fields.unit'), render: (row) => unitName(row.unit) },
    {
      key: 'actions',
      header: t('templates.fields.actions'),
      render: (row) => (
        <TemplateActionMenu name={row.template_name} actions={actionsFor(row, { open: true })} />
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('nav.templates')}>
        {user?.permissions.includes('addModuleTemplate') && (
          <Button
            variant="contained"
            component={PrefetchLink}
            pageId="template-new"
            to={to('/templates/new')}
          >
            {t('templates.new')}
          </Button>
        )}
      </PageHeader>
      <DataList
        label={t('nav.templates')}
        columns={columns}
        {...pageOf(list, t('templates.loadError'))}
        params={params}
        searchLabel={t('templates.search')}
        empty={t('templates.empty')}
        rowLabel={(row) => row.template_name}
        filters={
          <>
            {filter(
              'module_type',
              t('templates.fields.type'),
              MODULE_TYPES.map((value) => ({ value, label: t(`enums.moduleType.${value}`) })),
            )}
            {filter(
              'language',
              t('templates.fields.language'),
              LOCALES.map((value) => ({ value, label: t(`enums.templateLanguage.${value}`) })),
            )}
            {filter(
              'status',
              t('templates.fields.status'),
              ARCHIVE_STATUSES.map((value) => ({
                value,
                label: t(`enums.archiveStatus.${value}`),
              })),
            )}
            {(units.data?.length ?? 0) > 1 &&
              filter(
                'unit',
                t('templates.fields.unit'),
                (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
              )}
          </>
        }
      />
      {dialogs}
    </>
  );
}
