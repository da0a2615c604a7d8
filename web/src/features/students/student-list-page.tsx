import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n.ts';
import { DataList, type Column } from '../../components/data-list/data-list.tsx';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { PAGE_SIZE, useListParams } from '../../components/data-list/use-list-params.ts';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { fold } from '../../shared/fold.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { InitialsAvatar } from '../../components/initials-avatar.tsx';
import { useCohorts, useModules, useStudents, type StudentItem } from './student-source.ts';

const byName = (a: StudentItem, b: StudentItem) =>
  a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name);

/** /students: the students the reader teaches or manages, by cohort and module. */
export default function StudentListPage() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const params = useListParams({ ordering: 'last_name' });
  const cohortId = params.filter('cohort');
  const moduleId = params.filter('module');
  const students = useStudents(moduleId);
  const cohorts = useCohorts();
  const modules = useModules();
  const cohortsOf = (id: number) =>
    (cohorts.data ?? []).filter((c) => c.students.includes(id)).map((c) => c.name);

  const cohort = cohorts.data?.find((c) => String(c.id) === cohortId);
  const words = fold(params.search).split(/\s+/).filter(Boolean);
  const matching = (students.data ?? [])
    .filter((s) => !cohort || cohort.students.includes(s.id))
    .filter((s) => words.every((w) => fold(`${s.first_name} ${s.last_name}`).includes(w)))
    .sort(byName);
  if (params.ordering === '-last_name') matching.reverse();
  const rows = matching.slice(params.page * PAGE_SIZE, (params.page + 1) * PAGE_SIZE);

  const columns: Column<StudentItem>[] = [
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
        rows={rows}
        count={matching.length}
        loading={students.isPending}
        error={students.isError ? t('errors.unexpected') : null}
        params={params}
        searchLabel={t('students.search')}
        empty={t('students.empty')}
        rowLabel={(s) => `${s.first_name} ${s.last_name}`}
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
