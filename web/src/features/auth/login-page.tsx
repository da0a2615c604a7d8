import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../shared/form-resolver.ts';
import * as z from 'zod/mini';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import Box from '@mui/material/Box';
import { safeNext } from '../../app/navigation-rules.ts';
import { startDeps } from '../../app/root.tsx';
import { startSequence } from '../../app/start.ts';
import { AppButton } from '../../components/app-button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import { email, required } from '../../shared/form-rules.ts';
import { applyServerErrors } from '../../shared/server-errors.ts';
import { AuthCard } from './auth-card.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';

const schema = z.object({ email: email(), password: required() });
type Values = z.infer<typeof schema>;

export default function LoginPage() {
  const { t } = useTranslation();
  const { to, go } = useLocalePath();
  const [search] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.post('/auth/login/', values);
      await startSequence(startDeps);
      toast({ description: t('login.welcome'), type: 'success' });
      await go(safeNext(search.get('next')) ?? '/', { replace: true });
    } catch (error) {
      setFormError(
        applyServerErrors(error, ['email', 'password'], form.setError, t('errors.network')),
      );
    }
  });

  return (
    <AuthCard title={t('login.heading')}>
      <FormMessage message={formError} />
      <Box component="form" noValidate onSubmit={submit}>
        <FormField
          control={form.control}
          name="email"
          label={t('login.email')}
          type="email"
          autoComplete="username"
          required
        />
        <FormField
          control={form.control}
          name="password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <Box sx={{ mt: 2 }}>
          <AppButton type="submit" className="full-width" disabled={form.formState.isSubmitting}>
            {t('login.submit')}
          </AppButton>
        </Box>
      </Box>
      <Box
        sx={{ mt: 3, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Link to={to('/forgot-password')}>{t('login.forgot')}</Link>
        <Link to={to('/data-processing-agreement')}>{t('login.agreement')}</Link>
      </Box>
    </AuthCard>
  );
}
