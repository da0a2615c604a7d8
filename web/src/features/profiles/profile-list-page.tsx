import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DataList, pageOf, type Column } from '../../components/data-list/data-list.tsx';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { useListParams } from '../../components/data-list/use-list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { toast } from '../../components/toast.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import {
  fullName,
  profileListQuery,
  useRoles,
  useUnits,
  type ProfileJson,
} from '../../shared/api/profiles.ts';
import { InitialsAvatar } from '../../components/initials-avatar.tsx';
import { AssignmentChips } from './assignment-chips.tsx';
import { archiveProfile, inviteProfile, runBulk } from './bulk-actions.ts';

type Bulk = 'archive' | 'invite';

/** /profiles: the people the reader manages, searched, filtered and sorted on the server. */
export default function ProfileListPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocalePath();
  const { user } = useSession();
  const can = (permission: string) => Boolean(user?.permissions.includes(permission));
  const params = useListParams({ ordering: 'last_name' });
  const roles = useRoles(locale);
  const units = useUnits();
  const client = useQueryClient();
  const status = params.filter('status');
  const list = useQuery(
    profileListQuery(
      params.query({
        roles: params.filter('role') || undefined,
        unit: params.filter('unit') || undefined,
        status: status || undefined,
      }),
    ),
  );
  const [selected, setSelected] = useState<ProfileJson[]>([]);
  const [bulk, setBulk] = useState<Bulk | null>(null);
  const [busy, setBusy] = useState(false);

  const runSelected = async (action: Bulk) => {
    setBusy(true);
    const result = await runBulk(selected, action === 'archive' ? archiveProfile : inviteProfile);
    setBusy(false);
    setBulk(null);
    setSelected(result.failed.map((f) => f.profile));
    await client.invalidateQueries({ queryKey: ['profiles'] });
    if (result.done)
      toast({
        type: 'success',
        description: t(`profiles.bulk.${action}Done`, { count: result.done }),
      });
    if (result.failed.length)
      toast({
        type: 'error',
        description: t('profiles.bulk.failed', {
          names: result.failed.map((f) => fullName(f.profile)).join(', '),
        }),
      });
  };

  const columns: Column<ProfileJson>[] = [
    {
      key: 'name',
      header: t('profiles.fields.name'),
      sortKey: 'last_name',
      render: (p) => (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <InitialsAvatar id={p.id} initials={p.initials} />
          <Link
            component={PrefetchLink}
            pageId="profile-detail"
            params={{ id: String(p.id) }}
            to={to(`/profiles/${p.id}`)}
          >
            {p.last_name} {p.first_name}
          </Link>
        </Box>
      ),
    },
    {
      key: 'email',
      header: t('profiles.fields.email'),
      sortKey: 'email',
      render: (p) => p.email ?? '—',
    },
    {
      key: 'roles',
      header: t('profiles.fields.assignments'),
      render: (p) => <AssignmentChips profile={p} units={units.data} roles={roles.data?.roles} />,
    },
    {
      key: 'status',
      header: t('profiles.fields.status'),
      render: (p) => t(`profiles.status.${p.status}`),
    },
  ];

  const roleOptions = roles.data?.roles ?? [];
  return (
    <>
      <PageHeader title={t('nav.profiles')}>
        {can('addProfile') && (
          <>
            <Button component={PrefetchLink} pageId="profile-import" to={to('/profiles/import')}>
              {t('import.title')}
            </Button>
            <Button
              variant="contained"
              component={PrefetchLink}
              pageId="profile-new"
              to={to('/profiles/new')}
            >
              {t('profiles.new')}
            </Button>
          </>
        )}
      </PageHeader>
      <DataList
        label={t('nav.profiles')}
        columns={columns}
        {...pageOf(list, t('errors.unexpected'))}
        params={params}
        searchLabel={t('profiles.search')}
        empty={t('profiles.empty')}
        rowLabel={fullName}
        selection={
          can('archiveProfile') || can('inviteProfile')
            ? { selected, onChange: setSelected }
            : undefined
        }
        actions={
          <>
            {can('archiveProfile') && (
              <Button variant="outlined" onClick={() => setBulk('archive')}>
                {t('profiles.bulk.archive')}
              </Button>
            )}
            {can('inviteProfile') && (
              <Button variant="outlined" onClick={() => setBulk('invite')}>
                {t('profiles.bulk.invite')}
              </Button>
            )}
          </>
        }
        filters={
          <>
            <FilterSelect
              label={t('profiles.fields.role')}
              value={params.filter('role')}
              onChange={(v) => params.setFilter('role', v || null)}
              options={roleOptions}
              allLabel={t('list.all')}
            />
            {(units.data?.length ?? 0) > 1 && (
              <FilterSelect
                label={t('profiles.fields.unit')}
                value={params.filter('unit')}
                onChange={(v) => params.setFilter('unit', v || null)}
                options={(units.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
                allLabel={t('list.all')}
              />
            )}
            <FilterSelect
              label={t('profiles.fields.status')}
              value={status}
              onChange={(v) => params.setFilter('status', v || null)}
              options={['ACTIVE', 'ARCHIVED'].map((s) => ({
                value: s,
                label: t(`profiles.status.${s}`),
              }))}
              allLabel={t('list.all')}
            />
          </>
        }
      />
      <ConfirmDialog
        open={bulk !== null}
        title={bulk ? t(`profiles.bulk.${bulk}Title`, { count: selected.length }) : ''}
        confirmLabel={bulk ? t(`profiles.bulk.${bulk}`) : ''}
        danger={bulk === 'archive'}
        busy={busy}
        onClose={() => setBulk(null)}
        onConfirm={() => bulk && void runSelected(bulk)}
      >
        <Box component="ul" sx={{ pl: 2, my: 0 }}>
          {selected.map((p) => (
            <li key={p.id}>{fullName(p)}</li>
          ))}
        </Box>
      </ConfirmDialog>
    </>
  );
}
