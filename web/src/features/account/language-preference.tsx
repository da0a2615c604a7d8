import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { LOCALES, type Locale } from '../../../../domain/constants.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { refusalMessage } from '../../shared/server-errors.ts';
import { session, useSession, type Me } from '../../shared/session.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { withLocale } from '../../shared/locale.ts';
import { useLocation, useNavigate } from 'react-router';

/** The language of one's login (mails) and of the screens, saved at once when chosen. */
export function LanguagePreference() {
  const { t } = useTranslation();
  const id = useId();
  const { user } = useSession();
  const { locale } = useLocalePath();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const save = useMutation({
    mutationFn: (language: Locale) => api.patch<Me>('/users/me/', { language }),
    onSuccess: (me, language) => {
      session.set({ user: me });
      toast({ type: 'success', description: t('account.language.saved') });
      navigate(`${withLocale(pathname, language)}${hash}`);
    },
  });
  return (
    <div className="form-field">
      <label htmlFor={id}>{t('account.language.title')}</label>
      <select
        id={id}
        value={user?.language ?? locale}
        disabled={save.isPending}
        onChange={(event) => save.mutate(event.target.value as Locale)}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`common.languages.${option}`)}
          </option>
        ))}
      </select>
      {save.isError && <FormMessage message={refusalMessage(save.error, t('errors.network'))} />}
    </div>
  );
}
