import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { DataList, pageOf, type Column } from '../../components/data-list/data-list.tsx';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { fullName, profileListQuery, type ProfileJson } from '../../shared/api/profiles.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { InitialsAvatar } from '../../components/initials-avatar.tsx';
import { useCohorts, useModules } from './student-source.ts';

/**
 * /students: the students the reader teaches or manages, by cohort and module, searched, sorted
 * and paged on the server: a unit's or an instructor's students are never all downloaded, and
 * none is left out past a first thousand.
 */
export default function StudentListPage() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const { user } = useSession();
  const params = useListParams({ ordering: 'last_name' });
  const cohortId = params.filter('cohort');
  const moduleId = params.filter('module');
  // a manager's list holds the unit's active students; a module's, every student it assesses
  const managesPeople = Boolean(user?.permissions.includes('listProfile'));
  const list = useQuery(
    profileListQuery(
      params.query({
        roles: 'STUDENT',
        status: managesPeople && !moduleId ? 'ACTIVE' : undefined,
        cohort: cohortId || undefined,
        module: moduleId || undefined,
      }),
    ),
  );
  const cohorts = useCohorts();
  const modules = useModules();
  const cohortsOf = (id: number) =>
    (cohorts.data ?? []).filter((c) => c.students.includes(id)).map((c) => c.name);

  const columns: Column<ProfileJson>[] = [
    {
      key: 'name',
      header: t('students.fields.name'),
      sortKey: 'last_name',
      render: (s) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <InitialsAvatar id={s.id} initials={s.initials} />
          <span>
            {s.last_name} {s.first_name}
          </span>
        </Box>
      ),
    },
    {
      key: 'cohorts',
      header: t('students.fields.cohorts'),
      render: (s) => cohortsOf(s.id).join(', ') || '—',
    },
    {
      key: 'summary',
      header: t('students.fields.gradeSummary'),
      render: (s) => (
        <Link
          component={PrefetchLink}
          pageId="grade-summary"
          params={{ id: String(s.id) }}
          to={to(`/profiles/${s.id}/grade-summary`)}
          aria-label={t('students.gradeSummaryOf', { name: `${s.first_name} ${s.last_name}` })}
        >
          {t('students.gradeSummary')}
        </Link>
      ),
    },
  ];

  return (
    <>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t('nav.students')}
      </Typography>
      <DataList
        label={t('nav.students')}
        columns={columns}
        {...pageOf(list, t('errors.unexpected'))}
        params={params}
        searchLabel={t('students.search')}
        empty={t('students.empty')}
        rowLabel={fullName}
        filters={
          <>
            {cohorts.data && (
              <FilterSelect
                label={t('students.fields.cohort')}
                value={cohortId}
                onChange={(v) => params.setFilter('cohort', v || null)}
                options={cohorts.data.map((c) => ({ value: String(c.id), label: c.name }))}
                allLabel={t('list.all')}
              />
            )}
            {modules.data && (
              <FilterSelect
                label={t('students.fields.module')}
                value={moduleId}
                onChange={(v) => params.setFilter('module', v || null)}
                options={modules.data.map((m) => ({ value: String(m.id), label: m.name }))}
                allLabel={t('list.all')}
              />
            )}
          </>
        }
      />
    </>
  );
}
