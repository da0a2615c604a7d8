import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { watchBuild } from './app/build-updates.ts';
import { applyLocale } from './shared/i18n.ts';
import {
  detectLocale,
  localeCookie,
  LOCALE_COOKIE,
  prefixOf,
  readCookie,
  withLocale,
} from './shared/locale.ts';
import { startDeps } from './app/root.tsx';
import { createAppRouter, preloadRoute } from './app/router.tsx';
import { startSequence } from './app/start.ts';
import { removeStartScreen } from './app/start-screen.ts';
import { LocalizedThemeProvider } from './app/localized-theme.tsx';
import { publicConfig } from './shared/config.ts';
import { validParams } from '../../domain/route-params.ts';
import { logger } from './shared/logger.ts';
import { numberFormat } from '../../domain/number-format.ts';
import './styles.css';

/** A first visit without prefix goes to the detected language (cookie, browser, fr). */
function firstVisitLocale() {
  const { pathname, search, hash } = window.location;
  const locale = detectLocale({
    pathname,
    cookie: readCookie(document.cookie, LOCALE_COOKIE),
    browserLanguages: navigator.languages ?? [navigator.language],
    detection: publicConfig.detectBrowserLanguage,
  });
  if (!prefixOf(pathname) && locale !== 'fr')
    window.history.replaceState(null, '', `${withLocale(pathname, locale)}${search}${hash}`);
  document.cookie = localeCookie(locale);
  return locale;
}

// the toasts' viewport is loaded right after the first render, off the login page's critical path
const Toaster = lazy(() => import('./components/toaster.tsx'));

async function mount() {
  const locale = firstVisitLocale();
  const opened = preloadRoute(window.location.pathname);
  // a signed-in person's page data comes beside the session instead of after it
  if (opened && !opened.page.public && validParams(opened.params) && startDeps.hasSession())
    void import('./app/start-prefetch.ts').then((m) => m.prefetchAtStart(opened));
  const started = Promise.all([applyLocale(locale), startSequence(startDeps)]);
  // the first number written in a language loads its rules (~0.1 s on a slow phone's CPU): done
  // here, while the start waits on the network, not when a page full of grades renders
  numberFormat(locale);
  await started;
  const router = createAppRouter();
  const element = document.getElementById('app');
  if (!element) throw new Error('No #app element');
  createRoot(element).render(
    <StrictMode>
      <LocalizedThemeProvider>
        <CssBaseline />
        <RouterProvider router={router} />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </LocalizedThemeProvider>
    </StrictMode>,
  );
  watchBuild(publicConfig.buildId);
}

mount().catch((error: unknown) => {
  removeStartScreen();
  logger.error('Error while mounting the app', error);
  throw error;
});
