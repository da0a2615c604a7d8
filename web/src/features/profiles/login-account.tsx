import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import { ApiError } from '../../shared/api-error.ts';
import type { ProfileJson, UnitJson } from '../../shared/api/profiles.ts';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { resetSecondFactor } from '../../shared/api/second-factors.ts';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError
    ? Object.values(error.fieldErrors).flat().join(' ') || error.message
    : fallback;

/** The login of a profile: its state, (de)activation, the invitation mail and the second factor's reset. */
export function LoginAccount({ profile, units }: { profile: ProfileJson; units: UnitJson[] }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const client = useQueryClient();
  const can = (p: string) => Boolean(user?.permissions.includes(p));
  const unitIds = [...new Set(profile.assignments.flatMap((a) => (a.unit ? [a.unit] : [])))];
  const [unit, setUnit] = useState(unitIds[0] ?? 0);
  const [busy, setBusy] = useState(false);
  const [resetting, setResetting] = useState(false);
  const login = profile.user;

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      toast({ type: 'success', description: done });
      await client.invalidateQueries({ queryKey: ['profiles'] });
    } catch (error) {
      toast({ type: 'error', description: messageOf(error, t('errors.network')) });
    } finally {
      setBusy(false);
    }
  };
  const invite = () =>
    run(
      () => api.post('/profiles/invite/', { profile: profile.id, unit }),
      t('profiles.login.invited', { email: profile.email ?? '' }),
    );
  const setActive = (isActive: boolean) =>
    run(
      () => api.patch(`/users/${login!.id}/`, { is_active: isActive }),
      t(isActive ? 'profiles.login.activated' : 'profiles.login.deactivated'),
    );

  const state = !login
    ? t('profiles.login.none')
    : !login.is_active
      ? t('profiles.login.inactive')
      : login.has_password
        ? t('profiles.login.active')
        : t('profiles.login.pending');
  const canInvite = can('inviteProfile') && Boolean(profile.email) && unitIds.length > 0;
  return (
    <Box component="section" aria-labelledby="login-heading" sx={{ mt: 4 }}>
      <Typography id="login-heading" component="h2" variant="h6">
        {t('profiles.login.title')}
      </Typography>
      <Typography data-testid="login-state">{state}</Typography>
      {!profile.email && (
        <Typography color="text.secondary">{t('profiles.login.noEmail')}</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 1 }}>
        {canInvite && unitIds.length > 1 && (
          <label>
            {t('profiles.fields.unit')}{' '}
            <select value={unit} onChange={(e) => setUnit(Number(e.target.value))}>
              {unitIds.map((id) => (
                <option key={id} value={id}>
                  {units.find((u) => u.id === id)?.name ?? id}
                </option>
              ))}
            </select>
          </label>
        )}
        {canInvite && (!login || login.is_active) && (
          <Button variant="outlined" disabled={busy} onClick={() => void invite()}>
            {login ? t('profiles.login.inviteAgain') : t('profiles.login.invite')}
          </Button>
        )}
        {login && can('changeUser') && (
          <Button
            variant="outlined"
            sx={login.is_active ? DANGER_TEXT : undefined}
            disabled={busy}
            onClick={() => void setActive(!login.is_active)}
          >
            {login.is_active ? t('profiles.login.deactivate') : t('profiles.login.activate')}
          </Button>
        )}
        {login && can('resetSecondFactor') && (
          <Button
            variant="outlined"
            sx={DANGER_TEXT}
            disabled={busy}
            onClick={() => setResetting(true)}
          >
            {t('profiles.login.resetSecondFactor')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={resetting}
        title={t('profiles.login.resetSecondFactorTitle')}
        confirmLabel={t('profiles.login.resetSecondFactor')}
        danger
        busy={busy}
        onClose={() => setResetting(false)}
        onConfirm={() =>
          void run(() => resetSecondFactor(profile.id), t('profiles.login.secondFactorReset')).then(
            () => setResetting(false),
          )
        }
      >
        {t('profiles.login.resetSecondFactorText')}
      </ConfirmDialog>
    </Box>
  );
}
