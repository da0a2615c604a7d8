import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DetailField } from '../../components/detail-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { fullName, profileQuery, useRoles, useUnits } from '../../shared/api/profiles.ts';
import { InitialsAvatar } from '../../components/initials-avatar.tsx';
import { LoginAccount } from './login-account.tsx';
import { DataExport } from '../../components/data-export.tsx';
import { AssignmentChips } from './assignment-chips.tsx';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { useObjectTitle } from '../../shared/object-title.ts';
import { formatDay } from '../../shared/date-format.ts';

/** /profiles/{id}: who the person is, their roles, their login and the archive state. */
export default function ProfileDetailPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocalePath();
  const { user } = useSession();
  const can = (p: string) => Boolean(user?.permissions.includes(p));
  const id = Number(useParams().id);
  const client = useQueryClient();
  const profile = useQuery(profileQuery(id));
  useObjectTitle(profile.data && `${profile.data.first_name} ${profile.data.last_name}`);
  const roles = useRoles(locale);
  const units = useUnits();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  if (profile.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (profile.isError) return <FormMessage message={t('profiles.notFound')} />;
  const p = profile.data;
  const archived = p.status === 'ARCHIVED';
  const isStudent = p.assignments.some((a) => a.role === 'STUDENT');

  const toggleArchive = async () => {
    setBusy(true);
    try {
      await api.post(`/profiles/${p.id}/${archived ? 'unarchive' : 'archive'}/`);
      toast({
        type: 'success',
        description: t(archived ? 'profiles.unarchived' : 'profiles.archived'),
      });
      await client.invalidateQueries({ queryKey: ['profiles'] });
    } catch {
      toast({ type: 'error', description: t('errors.unexpected') });
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };

  return (
    <>
      <PageHeader title={fullName(p)} start={<InitialsAvatar id={p.id} initials={p.initials} />}>
        {can('changeProfile') && (
          <Button
            variant="contained"
            component={PrefetchLink}
            pageId="profile-edit"
            to={to(`/profiles/${p.id}/edit`)}
          >
            {t('profiles.edit')}
          </Button>
        )}
        {can('archiveProfile') && (
          <Button
            variant="outlined"
            sx={archived ? undefined : DANGER_TEXT}
            onClick={() => setConfirm(true)}
          >
            {archived ? t('profiles.unarchive') : t('profiles.archive')}
          </Button>
        )}
      </PageHeader>
      <Box component="dl" sx={{ m: 0 }}>
        <DetailField label={t('profiles.fields.email')}>{p.email ?? '—'}</DetailField>
        <DetailField label={t('profiles.fields.status')}>
          <span data-testid="profile-status">{t(`profiles.status.${p.status}`)}</span>
        </DetailField>
        <DetailField label={t('profiles.fields.assignments')}>
          <AssignmentChips profile={p} units={units.data} roles={roles.data?.roles} />
        </DetailField>
        {isStudent && (
          <DetailField label={t('profiles.fields.kind')}>
            {p.kind ? t(`profiles.kinds.${p.kind}`) : '—'}
          </DetailField>
        )}
        {isStudent && (
          <DetailField label={t('profiles.fields.birthDate')}>
            {p.birth_date ? formatDay(p.birth_date, locale) : '—'}
          </DetailField>
        )}
        {isStudent && (
          <DetailField label={t('profiles.fields.legalRepresentatives')}>
            {p.legal_representative_details.length === 0
              ? '—'
              : p.legal_representative_details.map(fullName).join(', ')}
          </DetailField>
        )}
      </Box>
      {isStudent && (
        <Link
          component={PrefetchLink}
          pageId="grade-summary"
          params={{ id: String(p.id) }}
          to={to(`/profiles/${p.id}/grade-summary`)}
          sx={{ display: 'inline-block', mt: 2 }}
        >
          {t('profiles.gradeSummary')}
        </Link>
      )}
      <LoginAccount profile={p} units={units.data ?? []} />
      {can('readPersonalRecords') && (
        <Box component="section" aria-labelledby="personal-data-heading" sx={{ mt: 4 }}>
          <Typography id="personal-data-heading" component="h2" variant="h6">
            {t('account.data.other.title')}
          </Typography>
          <DataExport profileId={p.id} intro={t('account.data.other.intro')} />
        </Box>
      )}
      <ConfirmDialog
        open={confirm}
        title={t(archived ? 'profiles.unarchiveTitle' : 'profiles.archiveTitle', {
          name: fullName(p),
        })}
        confirmLabel={archived ? t('profiles.unarchive') : t('profiles.archive')}
        danger={!archived}
        busy={busy}
        onClose={() => setConfirm(false)}
        onConfirm={() => void toggleArchive()}
      >
        {t(archived ? 'profiles.unarchiveText' : 'profiles.archiveText')}
      </ConfirmDialog>
    </>
  );
}
