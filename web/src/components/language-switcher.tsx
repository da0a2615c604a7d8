import { Link, useLocation } from 'react-router';
import { useTranslation } from '../shared/i18n.ts';
import { LOCALES, localeOfPath, withLocale } from '../shared/locale.ts';

/**
 * Links to the same page in each language; the route change applies the language. `onAppBar`:
 * light text for the header's coloured bar.
 */
export function LanguageSwitcher({ onAppBar = false }: { onAppBar?: boolean }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const current = localeOfPath(pathname);
  return (
    <nav
      aria-label={t('common.language')}
      className={onAppBar ? 'language-switcher on-app-bar' : 'language-switcher'}
    >
      {LOCALES.map((locale) => (
        <Link
          key={locale}
          to={`${withLocale(pathname, locale)}${search}${hash}`}
          lang={locale}
          hrefLang={locale}
          aria-current={locale === current ? 'true' : undefined}
        >
          {/* the accessible name starts with the visible text (WCAG 2.5.3): "FR Français" */}
          {locale.toUpperCase()}
          <span className="visually-hidden"> {t(`common.languages.${locale}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
