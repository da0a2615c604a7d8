import { Outlet } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { EnvironmentChip } from '../../components/environment-chip.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';

/**
 * Sign-in and agreement pages: the logo, the language switcher and the page, nothing else. Plain
 * elements styled in styles.css (.empty-layout): the sign-in page loads no MUI layout code.
 */
export default function EmptyLayout() {
  const { t } = useTranslation();
  return (
    <div className="empty-layout">
      <header>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span className="empty-layout-product">{t('product')}</span>
        <EnvironmentChip />
        <span className="empty-layout-gap" />
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1}>
        <div className="empty-layout-page">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
