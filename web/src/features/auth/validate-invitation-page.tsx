import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormMessage } from '../../components/form-message.tsx';
import { api } from '../../shared/api-client.ts';
import { AuthCard } from './auth-card.tsx';
import { useLinkCheck } from './use-link-check.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';

interface Validation {
  profile: unknown;
  unit: unknown;
  user: number | null;
  token?: string | null;
}

/** The invitation link of a mail: a login without password goes on to set-password. */
export default function ValidateInvitationPage() {
  const { t } = useTranslation();
  const { to, go } = useLocalePath();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const check = useLinkCheck(
    token ? () => api.post<Validation>('/profiles/validate_unit_invitation/', { token }) : null,
  );
  const answer = check.state === 'valid' ? check.answer : undefined;
  // a login without password yet goes on to choose one
  const next =
    answer?.token && answer.user
      ? `/set-password?${new URLSearchParams({ user: String(answer.user), token: answer.token })}`
      : null;
  useEffect(() => {
    if (next) void go(next, { replace: true });
  }, [next, go]);
  const state = check.state === 'valid' ? (next ? 'checking' : 'accepted') : check.state;

  return (
    <AuthCard title={t('validateInvitation.title')}>
      {state === 'checking' && (
        <Typography role="status">{t('validateInvitation.checking')}</Typography>
      )}
      {state === 'invalid' && <FormMessage message={t('validateInvitation.invalid')} />}
      {state === 'accepted' && (
        <FormMessage severity="success" message={t('validateInvitation.accepted')} />
      )}
      {state !== 'checking' && (
        <Button component={Link} to={to('/login')} variant="contained" sx={{ mt: 2 }}>
          {t('validateInvitation.goToLogin')}
        </Button>
      )}
    </AuthCard>
  );
}
