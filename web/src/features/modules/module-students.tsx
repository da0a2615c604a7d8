import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ASSESSMENT_STATUSES } from '../../../../domain/constants.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { preload } from '../../shared/preload.ts';
import { DataList, type Column } from '../../components/data-list/data-list.tsx';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { PAGE_SIZE, useListParams } from '../../components/data-list/use-list-params.ts';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { toast } from '../../components/toast.ts';
import { formatGrade } from '../../shared/grade-format.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { moduleKeys, type AssessmentItemJson, type ModuleDetailJson } from './api.ts';
import { studentName, studentRows } from './student-rows.ts';

// the dialogs (their forms and validation) load after the page, not with it
const dialogs = () => import('./instanciate-dialogs.tsx');
const InstanciateStudentDialog = lazy(() =>
  dialogs().then((d) => ({ default: d.InstanciateStudentDialog })),
);
const InstanciateCohortDialog = lazy(() =>
  dialogs().then((d) => ({ default: d.InstanciateCohortDialog })),
);

/**
 * The module's students with their assessment's group, status and grade, each linking to the
 * assessment. A module holds one assessment per student, all read at once: search, filters,
 * order and pages apply here, kept in the address like every list.
 */
export function ModuleStudents(props: {
  module: ModuleDetailJson;
  assessments: AssessmentItemJson[] | undefined;
  loading: boolean;
  error: boolean;
}) {
  const { t, locale } = useTranslation();
  const { to } = useLocalePath();
  const client = useQueryClient();
  const m = props.module;
  const params = useListParams({ ordering: 'student' });
  const [open, setOpen] = useState<'student' | 'cohort' | null>(null);
  const canInstanciate = m.permissions.instanciate && m.status !== 'ARCHIVED';
  // fetched once the page is shown, so a dialog opens at once
  useEffect(() => {
    if (canInstanciate) preload(dialogs);
  }, [canInstanciate]);
  const rows = studentRows(props.assessments ?? [], {
    search: params.search,
    group: params.filter('group'),
    status: params.filter('status'),
    ordering: params.ordering,
  });
  const pageRows = rows.slice(params.page * PAGE_SIZE, (params.page + 1) * PAGE_SIZE);
  const created = () => client.invalidateQueries({ queryKey: moduleKeys.detail(m.id) });

  const columns: Column<AssessmentItemJson>[] = [
    {
      key: 'student',
      header: t('modules.students.student'),
      sortKey: 'student',
      render: (a) => (
        <Link
          component={PrefetchLink}
          pageId="assessment-detail"
          params={{ id: String(a.id) }}
          to={to(`/assessments/${a.id}`)}
          aria-label={t('modules.students.open', { name: studentName(a) })}
        >
          {studentName(a)}
        </Link>
      ),
    },
    {
      key: 'group',
      header: t('modules.students.group'),
      sortKey: 'group',
      render: (a) => a.group?.name ?? '—',
    },
    {
      key: 'status',
      header: t('modules.students.status'),
      sortKey: 'status',
      render: (a) => t(`enums.assessmentStatus.${a.status}`),
    },
    {
      key: 'grade',
      header: t('modules.students.grade'),
      sortKey: 'grade',
      render: (a) => formatGrade(a.grade, locale),
    },
  ];

  return (
    <Box component="section" aria-labelledby="students-title" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="students-title" component="h2" variant="h5" sx={{ flexGrow: 1 }}>
          {t('modules.students.title')}
        </Typography>
        {canInstanciate && m.groups.length > 0 && (
          <>
            <Button variant="outlined" onClick={() => setOpen('student')}>
              {t('modules.instanciate.forStudent')}
            </Button>
            <Button variant="outlined" onClick={() => setOpen('cohort')}>
              {t('modules.instanciate.forCohort')}
            </Button>
          </>
        )}
      </Box>
      {canInstanciate && m.groups.length === 0 && (
        <Typography sx={{ mb: 1 }}>{t('modules.instanciate.needsGroup')}</Typography>
      )}
      <DataList
        label={t('modules.students.title')}
        columns={columns}
        rows={pageRows}
        count={rows.length}
        loading={props.loading}
        error={props.error ? t('errors.unexpected') : null}
        params={params}
        searchLabel={t('modules.students.search')}
        empty={t('modules.students.empty')}
        rowLabel={studentName}
        filters={
          <>
            {m.groups.length > 1 && (
              <FilterSelect
                label={t('modules.students.group')}
                value={params.filter('group')}
                onChange={(v) => params.setFilter('group', v || null)}
                options={m.groups.map((g) => ({ value: String(g.id), label: g.name }))}
                allLabel={t('list.all')}
              />
            )}
            <FilterSelect
              label={t('modules.students.status')}
              value={params.filter('status')}
              onChange={(v) => params.setFilter('status', v || null)}
              options={ASSESSMENT_STATUSES.map((s) => ({
                value: s,
                label: t(`enums.assessmentStatus.${s}`),
              }))}
              allLabel={t('list.all')}
            />
          </>
        }
      />
      <Suspense fallback={null}>
        {open === 'student' && (
          <InstanciateStudentDialog
            module={m}
            assessments={props.assessments ?? []}
            onClose={() => setOpen(null)}
            onCreated={async () => {
              setOpen(null);
              toast({ type: 'success', description: t('modules.instanciate.created') });
              await created();
            }}
          />
        )}
        {open === 'cohort' && (
          <InstanciateCohortDialog module={m} onClose={() => setOpen(null)} onCreated={created} />
        )}
      </Suspense>
    </Box>
  );
}
