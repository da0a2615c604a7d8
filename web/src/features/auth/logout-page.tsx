import { useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/i18n.ts';
import Typography from '@mui/material/Typography';
import { session } from '../../shared/session.ts';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import { logger } from '../../shared/logger.ts';
import { AuthCard } from './auth-card.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';

/** Ends the session on the server, forgets the user here, and goes to login. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const { go } = useLocalePath();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api
      .post('/auth/logout/')
      .catch((error: unknown) => logger.warn('Logout failed on the server', error))
      .finally(() => {
        session.clear();
        toast({ description: t('logout.done'), type: 'info' });
        void go('/login', { replace: true });
      });
  }, [go, t]);
  return (
    <AuthCard title={t('logout.title')}>
      <Typography role="status">{t('logout.inProgress')}</Typography>
    </AuthCard>
  );
}
