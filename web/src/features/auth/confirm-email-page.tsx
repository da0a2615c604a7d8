import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormMessage } from '../../components/form-message.tsx';
import { api } from '../../shared/api-client.ts';
import { AuthCard } from './auth-card.tsx';
import { useLinkCheck } from './use-link-check.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';

/** The link mailed to a new address: it moves the login there, once. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const { state } = useLinkCheck(token ? () => api.post('/auth/email-change/', { token }) : null);

  return (
    <AuthCard title={t('confirmEmail.title')}>
      {state === 'checking' && <Typography role="status">{t('confirmEmail.checking')}</Typography>}
      {state === 'invalid' && <FormMessage message={t('confirmEmail.invalid')} />}
      {state === 'valid' && <FormMessage severity="success" message={t('confirmEmail.done')} />}
      {state !== 'checking' && (
        <Button component={Link} to={to('/login')} variant="contained" sx={{ mt: 2 }}>
          {t('confirmEmail.goToLogin')}
        </Button>
      )}
    </AuthCard>
  );
}
