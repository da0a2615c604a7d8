import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../shared/form-resolver.ts';
import * as z from 'zod/mini';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { api } from '../../shared/api-client.ts';
import { email } from '../../shared/form-rules.ts';
import { applyServerErrors } from '../../shared/server-errors.ts';
import { AuthCard } from './auth-card.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';

const schema = z.object({ email: email() });
type Values = z.infer<typeof schema>;

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.post('/auth/password-reset-request/', values);
      setSent(true);
    } catch (error) {
      setFormError(applyServerErrors(error, ['email'], form.setError, t('errors.network')));
    }
  });
  return (
    <AuthCard title={t('forgotPassword.title')}>
      {sent ? (
        <FormMessage severity="success" message={t('forgotPassword.done')} />
      ) : (
        <>
          <Typography>{t('forgotPassword.intro')}</Typography>
          <FormMessage message={formError} />
          <Box component="form" noValidate onSubmit={submit}>
            <FormField
              control={form.control}
              name="email"
              label={t('forgotPassword.email')}
              type="email"
              autoComplete="email"
              required
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              sx={{ mt: 2 }}
              disabled={form.formState.isSubmitting}
            >
              {t('forgotPassword.submit')}
            </Button>
          </Box>
        </>
      )}
      <Box sx={{ mt: 3 }}>
        <Link to={to('/login')}>{t('forgotPassword.backToLogin')}</Link>
      </Box>
    </AuthCard>
  );
}
