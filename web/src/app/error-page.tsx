import { useEffect } from 'react';
import { useTranslation } from '../shared/i18n.ts';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { AppButtonLink } from '../components/app-button.tsx';
import { VersionChip } from '../components/version-chip.tsx';
import { inSameForm } from '../shared/locale.ts';
import { NOT_ALLOWED, type RouteError } from './navigation-rules.ts';
import { pageTitle } from './title.ts';

const NOT_FOUND_PREFIX = 'Page Not Found: ';

/** The status message in the reader's language where the app knows it. */
function useErrorMessage(error: RouteError): string {
  const { t } = useTranslation();
  if (error.statusMessage === NOT_ALLOWED) return t('errors.notAllowed');
  if (error.statusMessage.startsWith(NOT_FOUND_PREFIX))
    return t('errors.pageNotFound', { path: error.statusMessage.slice(NOT_FOUND_PREFIX.length) });
  return error.statusMessage || t('errors.unexpected');
}

/** Spec section 2: status code and message, a button back home, the logo and the version chip. */
export function ErrorPage({ error }: { error: RouteError }) {
  const { t, locale: language } = useTranslation();
  const { pathname } = useLocation();
  const message = useErrorMessage(error);
  useEffect(() => {
    document.title = pageTitle(t('errors.title', { code: error.statusCode }), t('product'));
  }, [error.statusCode, t, language]);
  return (
    <Box
      component="main"
      id="main"
      tabIndex={-1}
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 560 }}>
        <img src="/logo.svg" alt={t('common.logo')} width={72} height={72} />
        <Box component="h1" sx={{ typography: 'h3', mt: 2, mb: 0 }} data-testid="error-status">
          {error.statusCode}
        </Box>
        <Box
          component="p"
          sx={{ typography: 'h6', mt: 1, wordBreak: 'break-word' }}
          data-testid="error-message"
        >
          {message}
        </Box>
        <Box sx={{ mt: 3 }}>
          <AppButtonLink href={inSameForm('/', pathname)}>{t('errors.backHome')}</AppButtonLink>
        </Box>
        <Box sx={{ mt: 4 }}>
          <VersionChip />
        </Box>
      </Box>
    </Box>
  );
}
