import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { checksResolver } from '../../shared/form-resolver.ts';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { safeNext } from '../../app/navigation-rules.ts';
import { startDeps } from '../../app/root.tsx';
import { startSequence } from '../../app/start.ts';
import { AppButton } from '../../components/app-button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import type { Me } from '../../shared/session.ts';
import { emailProblem, requiredProblem } from '../../shared/rule-messages.ts';
import { applyServerErrors } from '../../shared/server-errors.ts';
import { AuthCard } from './auth-card.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';

type Values = { email: string; password: string };
// the sign-in page's JavaScript stays small: plain checks, no schema library
const resolver = checksResolver<Values>({ email: emailProblem, password: requiredProblem });

export default function LoginPage() {
  const { t } = useTranslation();
  const { to, go } = useLocalePath();
  const [search] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const me = await api.post<Me>('/auth/login/', { ...values, email: values.email.trim() });
      await startSequence(startDeps);
      // a sign-in that awaits its second factor is welcomed once that is done
      if (me.second_factor === 'VERIFIED' || me.second_factor === 'NONE')
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
      <form noValidate onSubmit={submit}>
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
        <div className="form-actions">
          <AppButton type="submit" className="full-width" disabled={form.formState.isSubmitting}>
            {t('login.submit')}
          </AppButton>
        </div>
      </form>
      <div className="auth-links">
        <Link to={to('/forgot-password')}>{t('login.forgot')}</Link>
        <Link to={to('/data-processing-agreement')}>{t('login.agreement')}</Link>
      </div>
    </AuthCard>
  );
}
