import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { MODULE_STATUSES, MODULE_TYPES } from '../../../../domain/constants.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { DataList, pageOf, type Column } from '../../components/data-list/data-list.tsx';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { useUnits } from '../../shared/api/profiles.ts';
import { moduleListQuery, type ModuleJson } from './api.ts';
import { ModuleActions, ModuleStatusChip } from './module-actions.tsx';
import { dateRange, useCohortNames } from './module-parts.ts';

/** /modules: the modules the reader may see; managers create, lock, archive and delete them. */
export default function ModuleListPage() {
  const { t, locale } = useTranslation();
  const { to } = useLocalePath();
  const { user } = useSession();
  const canAdd = Boolean(user?.permissions.includes('addModuleInstance'));
  const params = useListParams({ ordering: 'name' });
  const units = useUnits();
  const cohorts = useCohortNames();
  const list = useQuery(
    moduleListQuery(
      params.query({
        module_type: params.filter('module_type') || undefined,
        status: params.filter('status') || undefined,
        unit: params.filter('unit') || undefined,
        cohort: params.filter('cohort') || undefined,
      }),
    ),
  );
  const unitOptions = (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  const unitName = (id: number) => units.data?.find((u) => u.id === id)?.name ?? `#${id}`;
  const cohortName = (id: number | null) =>
    id === null ? '—' : (cohorts.data?.find((c) => c.id === id)?.name ?? `#${id}`);
  const unitFilter = params.filter('unit');
  const cohortOptions = (cohorts.data ?? [])
    .filter(
      (c) =>
        !unitFilter || String(c.unit) === unitFilter || String(c.id) === params.filter('cohort'),
    )
    .map((c) => ({ value: String(c.id), label: c.name }));

  const columns: Column<ModuleJson>[] = [
    {
      key: 'name',
      header: t('modules.fields.name'),
      sortKey: 'name',
      render: (m) => (
        <Link
          component={PrefetchLink}
          pageId="module-detail"
          params={{ id: String(m.id) }}
          to={to(`/modules/${m.id}`)}
        >
          {m.name}
        </Link>
      ),
    },
    {
      key: 'type',
      header: t('modules.fields.type'),
      render: (m) => t(`enums.moduleType.${m.module_type}`),
    },
    ...(unitOptions.length > 1
      ? [
          {
            key: 'unit',
            header: t('modules.fields.unit'),
            render: (m: ModuleJson) => unitName(m.unit),
          },
        ]
      : []),
    ...(user?.permissions.includes('listCohort')
      ? [
          {
            key: 'cohort',
            header: t('modules.fields.cohort'),
            render: (m: ModuleJson) => cohortName(m.cohort),
          },
        ]
      : []),
    {
      key: 'dates',
      header: t('modules.fields.dates'),
      sortKey: 'start_date',
      render: (m) => dateRange(m, locale),
    },
    {
      key: 'status',
      header: t('modules.fields.status'),
      render: (m) => <ModuleStatusChip status={m.status} />,
    },
    {
      key: 'actions',
      header: t('modules.fields.actions'),
      shownFor: (m) => m.permissions.change || m.permissions.archive,
      render: (m) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <ModuleActions module={m} named />
        </Box>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('nav.modules')}>
        {canAdd && (
          <Button
            variant="contained"
            component={PrefetchLink}
            pageId="module-new"
            to={to('/modules/new')}
          >
            {t('modules.new')}
          </Button>
        )}
      </PageHeader>
      <DataList
        label={t('nav.modules')}
        columns={columns}
        {...pageOf(list, t('errors.unexpected'))}
        params={params}
        searchLabel={t('modules.search')}
        empty={t('modules.empty')}
        rowLabel={(m) => m.name}
        filters={
          <>
            <FilterSelect
              label={t('modules.fields.type')}
              value={params.filter('module_type')}
              onChange={(v) => params.setFilter('module_type', v || null)}
              options={MODULE_TYPES.map((type) => ({
                value: type,
                label: t(`enums.moduleType.${type}`),
              }))}
              allLabel={t('list.all')}
            />
            <FilterSelect
              label={t('modules.fields.status')}
              value={params.filter('status')}
              onChange={(v) => params.setFilter('status', v || null)}
              options={MODULE_STATUSES.map((s) => ({
                value: s,
                label: t(`enums.moduleStatus.${s}`),
              }))}
              allLabel={t('list.all')}
            />
            {unitOptions.length > 1 && (
              <FilterSelect
                label={t('modules.fields.unit')}
                value={unitFilter}
                onChange={(v) => params.setFilter('unit', v || null)}
                options={unitOptions}
                allLabel={t('list.all')}
              />
            )}
            {cohortOptions.length > 0 && (
              <FilterSelect
                label={t('modules.fields.cohort')}
                value={params.filter('cohort')}
                onChange={(v) => params.setFilter('cohort', v || null)}
                options={cohortOptions}
                allLabel={t('list.all')}
              />
            )}
          </>
        }
      />
    </>
  );
}
