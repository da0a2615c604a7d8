import { lazy, Suspense, useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import { useTranslation } from '../../shared/i18n.ts';
import { startDeps } from '../../app/root.tsx';
import { useSession } from '../../shared/session.ts';
import { loadUnits } from '../../app/start.ts';
import { DataList, pageOf, type Column } from '../../components/data-list/data-list.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import type { Paged } from '../../shared/api/paged.ts';
import type { UnitJson } from '../../shared/api/profiles.ts';
import { preload } from '../../shared/preload.ts';
import type { UnitValues } from './unit-dialog.tsx';

const unitDialog = () => import('./unit-dialog.tsx');
const UnitDialog = lazy(() => unitDialog().then((d) => ({ default: d.UnitDialog })));

type Open = { kind: 'create' } | { kind: 'rename'; unit: UnitJson } | null;

/** Units (listUnit): admins create and rename them; unit admins see their own. */
export default function UnitListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const can = (p: string) => Boolean(user?.permissions.includes(p));
  const params = useListParams();
  const client = useQueryClient();
  const query = params.query();
  const list = useQuery({
    queryKey: ['units', 'list', query],
    queryFn: ({ signal }) => api.get<Paged<UnitJson>>(`/units/?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<Open>(null);
  const mayEdit = can('addUnit') || can('changeUnit');
  // fetched once the page is shown and the reader may use it, so the dialog opens at once
  useEffect(() => {
    if (mayEdit) preload(unitDialog);
  }, [mayEdit]);

  const saved = async (message: string) => {
    setOpen(null);
    toast({ type: 'success', description: message });
    // the units loaded at start are stale now: loaded again on request (spec section 4)
    await loadUnits(startDeps, { force: true });
    await client.invalidateQueries({ queryKey: ['units'] });
  };

  const columns: Column<UnitJson>[] = [
    { key: 'name', header: t('units.fields.name'), render: (u) => u.name },
    { key: 'code', header: t('units.fields.code'), render: (u) => u.code },
  ];
  if (can('changeUnit'))
    columns.push({
      key: 'actions',
      header: t('units.fields.actions'),
      render: (u) => (
        <Button
          size="small"
          onClick={() => setOpen({ kind: 'rename', unit: u })}
          aria-label={t('units.renameOf', { name: u.name })}
        >
          {t('units.rename')}
        </Button>
      ),
    });

  return (
    <>
      <PageHeader title={t('nav.units')}>
        {can('addUnit') && (
          <Button variant="contained" onClick={() => setOpen({ kind: 'create' })}>
            {t('units.new')}
          </Button>
        )}
      </PageHeader>
      <DataList
        label={t('nav.units')}
        columns={columns}
        {...pageOf(list, t('errors.unexpected'))}
        params={params}
        searchLabel={t('units.search')}
        empty={t('units.empty')}
        rowLabel={(u) => u.name}
      />
      {open && (
        <Suspense fallback={null}>
          <UnitDialog
            title={
              open.kind === 'create'
                ? t('units.new')
                : t('units.renameOf', { name: open.unit.name })
            }
            submitLabel={open.kind === 'create' ? t('units.create') : t('units.rename')}
            initial={open.kind === 'create' ? { name: '', code: '' } : open.unit}
            onClose={() => setOpen(null)}
            save={async (values: UnitValues) => {
              if (open.kind === 'create') {
                await api.post('/units/', values);
                await saved(t('units.created', { name: values.name }));
              } else {
                await api.patch(`/units/${open.unit.id}/`, values);
                await saved(t('units.saved', { name: values.name }));
              }
            }}
          />
        </Suspense>
      )}
    </>
  );
}
