import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MOBILE_BREAKPOINT } from '../../../../domain/constants.ts';
import { EnvironmentChip } from '../../components/environment-chip.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { VersionChip } from '../../components/version-chip.tsx';
import { queryClient } from '../../shared/query-client.ts';
import '../prefetchers.ts';
import { inSameForm } from '../../shared/locale.ts';
import { Navigation } from './navigation.tsx';
import { PathIcon } from '../../components/path-icon.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { NotificationBell } from '../../features/notifications/notification-bell.tsx';

const DRAWER_WIDTH = 264;

const ACCOUNT_ICON =
  'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-3.3 0-8 1.7-8 5v1h16v-1c0-3.3-4.7-5-8-5z';
const MENU_ICON = 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z';

/** The signed-in frame: top bar, navigation (a drawer below lg), the page and the version chip. */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down(MOBILE_BREAKPOINT), { noSsr: true });
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);
  const drawerContent = (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Toolbar />
      <Navigation onNavigate={close} />
      <Box sx={{ flexGrow: 1 }} />
      {/* on a phone the languages are in the menu too, in reach of the thumb */}
      {mobile && (
        <Box sx={{ px: 2, pt: 2 }} onClick={close}>
          <LanguageSwitcher />
        </Box>
      )}
      <Box sx={{ p: 2 }}>
        <VersionChip />
      </Box>
    </Box>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <AppBar position="fixed" sx={{ zIndex: (z) => z.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: 1.5 }}>
            {mobile && (
              <IconButton
                color="inherit"
                edge="start"
                aria-label={t('common.menu')}
                aria-expanded={open}
                aria-controls="app-navigation"
                onClick={() => setOpen(true)}
              >
                <PathIcon d={MENU_ICON} />
              </IconButton>
            )}
            <Box
              component={PrefetchLink}
              pageId="home"
              to={inSameForm('/', pathname)}
              aria-label={t('product')}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                color: 'inherit',
                textDecoration: 'none',
              }}
            >
              <img src="/logo.svg" alt="" width={28} height={28} />
              {/* on phones the name gives way to the menu, environment and languages */}
              <Box
                component="span"
                sx={{ fontWeight: 600, fontSize: '1.15rem', display: { xs: 'none', sm: 'inline' } }}
              >
                {t('product')}
              </Box>
            </Box>
            <EnvironmentChip />
            <Box sx={{ flexGrow: 1 }} />
            <NotificationBell />
            <IconButton
              color="inherit"
              component={PrefetchLink}
              pageId="account"
              to={inSameForm('/account', pathname)}
              aria-label={t('nav.account')}
            >
              <PathIcon d={ACCOUNT_ICON} />
            </IconButton>
            <LanguageSwitcher onAppBar />
          </Toolbar>
        </AppBar>
        <Box>
          {mobile ? (
            <Drawer
              variant="temporary"
              open={open}
              onClose={close}
              ModalProps={{ keepMounted: false }}
              slotProps={{
                paper: {
                  id: 'app-navigation',
                  role: 'dialog',
                  'aria-modal': true,
                  'aria-label': t('nav.label'),
                  sx: { width: DRAWER_WIDTH },
                },
              }}
            >
              {drawerContent}
            </Drawer>
          ) : (
            <Drawer
              variant="permanent"
              slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}
              sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}
            >
              {drawerContent}
            </Drawer>
          )}
        </Box>
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, minWidth: 0 }}
        >
          <Toolbar />
          <Outlet />
        </Box>
      </Box>
    </QueryClientProvider>
  );
}
