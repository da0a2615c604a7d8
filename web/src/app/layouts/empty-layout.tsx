import { Outlet } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import Box from '@mui/material/Box';
import { EnvironmentChip } from '../../components/environment-chip.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';

/** Sign-in and agreement pages: the logo, the language switcher and the page, nothing else. */
export function EmptyLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5, flexWrap: 'wrap' }}
      >
        <img src="/logo.svg" alt="" width={32} height={32} />
        <Box component="span" sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
          {t('product')}
        </Box>
        <EnvironmentChip />
        <Box sx={{ flexGrow: 1 }} />
        <LanguageSwitcher />
      </Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', px: 2, py: { xs: 2, md: 6 } }}
      >
        <Box sx={{ width: '100%', maxWidth: 720 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
