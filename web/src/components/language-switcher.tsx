import { Link, useLocation } from 'react-router';
import { useTranslation } from '../app/i18n.ts';
import { LOCALES, localeOfPath, withLocale } from '../app/locale.ts';

/** Links to the same page in each language; the route change applies the language. */
export function LanguageSwitcher({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const current = localeOfPath(pathname);
  return (
    <nav
      aria-label={t('common.language')}
      className={dark ? 'language-switcher dark' : 'language-switcher'}
    >
      {LOCALES.map((locale) => (
        <Link
          key={locale}
          to={`${withLocale(pathname, locale)}${search}${hash}`}
          lang={locale}
          hrefLang={locale}
          aria-current={locale === current ? 'true' : undefined}
          aria-label={t(`common.languages.${locale}`)}
        >
          {locale.toUpperCase()}
        </Link>
      ))}
    </nav>
  );
}
