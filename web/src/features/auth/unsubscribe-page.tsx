import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { NotificationKind } from '../../../../domain/constants.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { api } from '../../shared/api-client.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { refusalMessage } from '../../shared/server-errors.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { AuthCard } from './auth-card.tsx';

type State =
  | { step: 'asking' | 'sending' }
  | { step: 'done'; kind: NotificationKind }
  | { step: 'refused'; message: string };

/**
 * The unsubscribe link of a notification mail, without signing in: one button stops that kind
 * of mail for that person (a click, not the page load, so a mail scanner opening links does not).
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'asking' });
  const confirm = async () => {
    setState({ step: 'sending' });
    try {
      const { kind } = await api.post<{ kind: NotificationKind }>('/notifications/unsubscribe/', {
        token,
      });
      setState({ step: 'done', kind });
    } catch (error) {
      setState({ step: 'refused', message: refusalMessage(error, t('errors.network')) });
    }
  };
  return (
    <AuthCard title={t('unsubscribe.title')}>
      {!token && <FormMessage message={t('unsubscribe.missing')} />}
      {token && (state.step === 'asking' || state.step === 'sending') && (
        <>
          <Typography>{t('unsubscribe.intro')}</Typography>
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            disabled={state.step === 'sending'}
            onClick={() => void confirm()}
          >
            {t('unsubscribe.confirm')}
          </Button>
        </>
      )}
      {state.step === 'done' && (
        <FormMessage
          severity="success"
          message={t('unsubscribe.done', { kind: t(`enums.notificationKind.${state.kind}`) })}
        />
      )}
      {state.step === 'refused' && <FormMessage message={state.message} />}
      {(state.step === 'done' || state.step === 'refused' || !token) && (
        <Button component={Link} to={to('/account#notifications')} sx={{ mt: 2 }}>
          {t('unsubscribe.account')}
        </Button>
      )}
    </AuthCard>
  );
}
