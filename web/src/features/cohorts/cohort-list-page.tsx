import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../shared/i18n.ts';
import { preload } from '../../shared/preload.ts';
import { useSession } from '../../shared/session.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DataList, pageOf, type Column } from '../../components/data-list/data-list.tsx';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import { useUnits } from '../../shared/api/profiles.ts';
import { cohortListQuery, type CohortJson } from '../../shared/api/cohorts.ts';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';

// the dialogs (a student picker, a form, the download's progress) load after the page, not with it
const nameDialog = () => import('./cohort-name-dialog.tsx');
const studentsDialog = () => import('./cohort-students-dialog.tsx');
const downloadDialog = () => import('./cohort-download-dialog.tsx');
const CohortNameDialog = lazy(() => nameDialog().then((d) => ({ default: d.CohortNameDialog })));
const CohortStudentsDialog = lazy(() =>
  studentsDialog().then((d) => ({ default: d.CohortStudentsDialog })),
);
const CohortDownloadDialog = lazy(() =>
  downloadDialog().then((d) => ({ default: d.CohortDownloadDialog })),
);

type Open =
  | { kind: 'create' }
  | { kind: 'rename' | 'students' | 'delete' | 'archive' | 'summaries'; cohort: CohortJson }
  | null;

/** /cohorts: the cohorts of the reader's units; managers create, rename, fill and archive them. */
export default function CohortListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canAdd = Boolean(user?.permissions.includes('addCohort'));
  const canSeePeople = Boolean(user?.permissions.includes('listProfile'));
  const canReadSummaries = Boolean(user?.permissions.includes('viewGradeSummary'));
  const params = useListParams({ ordering: 'name' });
  const units = useUnits();
  const client = useQueryClient();
  const list = useQuery(
    cohortListQuery(
      params.query({
        unit: params.filter('unit') || undefined,
        status: params.filter('status') || undefined,
      }),
    ),
  );
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const canChange = Boolean(list.data?.results.some((c) => c.permissions.change));
  // fetched once the page is shown and the reader may use them, so a dialog opens at once
  useEffect(() => {
    if (canAdd || canChange) preload(nameDialog);
    if (canChange && canSeePeople) preload(studentsDialog);
    if (canReadSummaries) preload(downloadDialog);
  }, [canAdd, canChange, canSeePeople, canReadSummaries]);
  const unitOptions = (units.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  const unitName = (id: number) => units.data?.find((u) => u.id === id)?.name ?? `#${id}`;

  const done = async (message: string) => {
    setOpen(null);
    toast({ type: 'success', description: message });
    await client.invalidateQueries({ queryKey: ['cohorts'] });
  };
  const act = async (call: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await call();
      await done(message);
    } catch {
      toast({ type: 'error', description: t('errors.unexpected') });
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<CohortJson>[] = [
    { key: 'name', header: t('cohorts.fields.name'), sortKey: 'name', render: (c) => c.name },
    { key: 'unit', header: t('cohorts.fields.unit'), render: (c) => unitName(c.unit) },
    { key: 'students', header: t('cohorts.fields.students'), render: (c) => c.students.length },
    {
      key: 'status',
      header: t('cohorts.fields.status'),
      render: (c) => t(`cohorts.status.${c.status}`),
    },
    {
      key: 'actions',
      header: t('cohorts.fields.actions'),
      shownFor: (c) =>
        c.permissions.change ||
        c.permissions.archive ||
        c.permissions.delete ||
        (canReadSummaries && c.students.length > 0),
      render: (c) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {c.permissions.change && (
            <Button
              size="small"
              onClick={() => setOpen({ kind: 'rename', cohort: c })}
              aria-label={t('cohorts.renameOf', { name: c.name })}
            >
              {t('cohorts.rename')}
            </Button>
          )}
          {c.permissions.change && canSeePeople && (
            <Button
              size="small"
              onClick={() => setOpen({ kind: 'students', cohort: c })}
              aria-label={t('cohorts.studentsOf', { name: c.name })}
            >
              {t('cohorts.fields.students')}
            </Button>
          )}
          {canReadSummaries && c.students.length > 0 && (
            <Button
              size="small"
              onClick={() => setOpen({ kind: 'summaries', cohort: c })}
              aria-label={t('exportsUi.openOf', { name: c.name })}
            >
              {t('exportsUi.open')}
            </Button>
          )}
          {c.permissions.archive && (
            <Button
              size="small"
              onClick={() =>
                c.status === 'ACTIVE'
                  ? setOpen({ kind: 'archive', cohort: c })
                  : void act(
                      () => api.post(`/cohorts/${c.id}/unarchive/`),
                      t('cohorts.unarchived', { name: c.name }),
                    )
              }
              aria-label={t(c.status === 'ACTIVE' ? 'cohorts.archiveOf' : 'cohorts.unarchiveOf', {
                name: c.name,
              })}
            >
              {t(c.status === 'ACTIVE' ? 'cohorts.archive' : 'cohorts.unarchive')}
            </Button>
          )}
          {c.permissions.delete && (
            <Button
              size="small"
              sx={DANGER_TEXT}
              onClick={() => setOpen({ kind: 'delete', cohort: c })}
              aria-label={t('cohorts.deleteOf', { name: c.name })}
            >
              {t('cohorts.delete')}
            </Button>
          )}
        </Box>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('nav.cohorts')}>
        {canAdd && (
          <Button variant="contained" onClick={() => setOpen({ kind: 'create' })}>
            {t('cohorts.new')}
          </Button>
        )}
      </PageHeader>
      <DataList
        label={t('nav.cohorts')}
        columns={columns}
        {...pageOf(list, t('errors.unexpected'))}
        params={params}
        searchLabel={t('cohorts.search')}
        empty={t('cohorts.empty')}
        rowLabel={(c) => c.name}
        filters={
          <>
            {unitOptions.length > 1 && (
              <FilterSelect
                label={t('cohorts.fields.unit')}
                value={params.filter('unit')}
                onChange={(v) => params.setFilter('unit', v || null)}
                options={unitOptions}
                allLabel={t('list.all')}
              />
            )}
            <FilterSelect
              label={t('cohorts.fields.status')}
              value={params.filter('status')}
              onChange={(v) => params.setFilter('status', v || null)}
              options={['ACTIVE', 'ARCHIVED'].map((s) => ({
                value: s,
                label: t(`cohorts.status.${s}`),
              }))}
              allLabel={t('list.all')}
            />
          </>
        }
      />
      <Suspense fallback={null}>
        {open?.kind === 'create' && (
          <CohortNameDialog
            title={t('cohorts.new')}
            submitLabel={t('cohorts.create')}
            initial={{ name: '', unit: unitOptions.length === 1 ? unitOptions[0]!.value : '' }}
            units={unitOptions}
            onClose={() => setOpen(null)}
            save={async (values) => {
              await api.post('/cohorts/', { name: values.name, unit: Number(values.unit) });
              await done(t('cohorts.created', { name: values.name }));
            }}
          />
        )}
        {open?.kind === 'rename' && (
          <CohortNameDialog
            title={t('cohorts.renameOf', { name: open.cohort.name })}
            submitLabel={t('cohorts.rename')}
            initial={{ name: open.cohort.name, unit: String(open.cohort.unit) }}
            onClose={() => setOpen(null)}
            save={async (values) => {
              await api.patch(`/cohorts/${open.cohort.id}/`, { name: values.name });
              await done(t('cohorts.renamed', { name: values.name }));
            }}
          />
        )}
        {open?.kind === 'students' && (
          <CohortStudentsDialog
            cohort={open.cohort}
            onClose={() => setOpen(null)}
            save={async (students) => {
              await api.patch(`/cohorts/${open.cohort.id}/`, { students });
              await done(t('cohorts.studentsSaved', { name: open.cohort.name }));
            }}
          />
        )}
        {open?.kind === 'summaries' && (
          <CohortDownloadDialog cohort={open.cohort} onClose={() => setOpen(null)} />
        )}
      </Suspense>
      {(open?.kind === 'delete' || open?.kind === 'archive') && (
        <ConfirmDialog
          open
          title={t(open.kind === 'delete' ? 'cohorts.deleteTitle' : 'cohorts.archiveTitle', {
            name: open.cohort.name,
          })}
          confirmLabel={t(open.kind === 'delete' ? 'cohorts.delete' : 'cohorts.archive')}
          danger
          busy={busy}
          onClose={() => setOpen(null)}
          onConfirm={() =>
            void (open.kind === 'delete'
              ? act(
                  () => api.delete(`/cohorts/${open.cohort.id}/`),
                  t('cohorts.deleted', { name: open.cohort.name }),
                )
              : act(
                  () => api.post(`/cohorts/${open.cohort.id}/archive/`),
                  t('cohorts.archived', { name: open.cohort.name }),
                ))
          }
        >
          {t(open.kind === 'delete' ? 'cohorts.deleteText' : 'cohorts.archiveText')}
        </ConfirmDialog>
      )}
    </>
  );
}
