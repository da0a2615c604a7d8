import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../app/i18n.ts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormMessage } from '../../components/form-message.tsx';
import { api } from '../../lib/api-client.ts';
import { AuthCard } from './auth-card.tsx';
import { useLocalePath } from './use-locale.ts';

interface Validation {
  profile: unknown;
  unit: unknown;
  user: number | null;
  token?: string | null;
}

type State = 'checking' | 'invalid' | 'accepted';

/** The invitation link of a mail: a login without password goes on to set-password. */
export default function ValidateInvitationPage() {
  const { t } = useTranslation();
  const { to, go } = useLocalePath();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<State>(token ? 'checking' : 'invalid');
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    api
      .post<Validation>('/profiles/validate_unit_invitation/', { token })
      .then((answer) => {
        if (answer.token && answer.user) {
          const query = new URLSearchParams({ user: String(answer.user), token: answer.token });
          return go(`/set-password?${query}`, { replace: true });
        }
        setState('accepted');
      })
      .catch(() => setState('invalid'));
  }, [token, go]);

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
