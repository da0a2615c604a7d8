import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../shared/form-resolver.ts';
import * as z from 'zod/mini';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { api, ApiError } from '../../shared/api-client.ts';
import { confirms, newPassword } from '../../shared/form-rules.ts';
import { applyServerErrors } from '../../shared/server-errors.ts';
import { AuthCard } from './auth-card.tsx';
import { useLinkCheck } from './use-link-check.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';

interface Values {
  password: string;
  confirm: string;
}
const schema = z
  .object({ password: newPassword(), confirm: z.string() })
  .check(confirms<Values>('password'));

const isRefusal = (error: unknown) => error instanceof ApiError && error.status === 400;

/** Reached from an invitation or a reset mail: `?user=…&token=…`. */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const { to, go } = useLocalePath();
  const [search] = useSearchParams();
  const user = Number(search.get('user'));
  const token = search.get('token') ?? '';
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const wellFormed = Number.isInteger(user) && user > 0 && token.length > 0;
  // a used or expired link says so at once, not after the password was typed twice; a network
  // failure leaves the form to try
  const { state: link } = useLinkCheck(
    wellFormed ? () => api.post('/auth/password-reset/check/', { token, user }) : null,
    isRefusal,
  );

  const submit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await api.post('/auth/password-reset/', { password, token, user });
      toast({ description: t('setPassword.done'), type: 'success' });
      await go('/login', { replace: true });
    } catch (error) {
      setFormError(applyServerErrors(error, ['password'], form.setError, t('errors.network')));
    }
  });

  if (link === 'checking')
    return (
      <AuthCard title={t('setPassword.title')}>
        <Typography role="status">{t('setPassword.checking')}</Typography>
      </AuthCard>
    );
  if (link === 'invalid')
    return (
      <AuthCard title={t('setPassword.title')}>
        <FormMessage message={t('setPassword.invalidLink')} />
        <Link to={to('/forgot-password')}>{t('setPassword.requestNew')}</Link>
      </AuthCard>
    );
  return (
    <AuthCard title={t('setPassword.title')}>
      <Typography>{t('setPassword.intro')}</Typography>
      <FormMessage message={formError} />
      <Box component="form" noValidate onSubmit={submit}>
        <FormField
          control={form.control}
          name="password"
          label={t('setPassword.password')}
          type="password"
          autoComplete="new-password"
          required
        />
        <FormField
          control={form.control}
          name="confirm"
          label={t('setPassword.confirm')}
          type="password"
          autoComplete="new-password"
          required
        />
        <Button
          type="submit"
          variant="contained"
          fullWidth
          sx={{ mt: 2 }}
          disabled={form.formState.isSubmitting}
        >
          {t('setPassword.submit')}
        </Button>
      </Box>
      {formError && (
        <Box sx={{ mt: 2 }}>
          <Link to={to('/forgot-password')}>{t('setPassword.requestNew')}</Link>
        </Box>
      )}
    </AuthCard>
  );
}
