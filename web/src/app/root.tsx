import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { api } from '../shared/api-client.ts';
import { logger } from '../shared/logger.ts';
import { scrollToTop } from '../shared/scroll.ts';
import { useStartScreenGone } from './start-screen.ts';
import { applyLocale, useTranslation } from '../shared/i18n.ts';
import { localeOfPath, readCookie } from '../shared/locale.ts';
import { SIGNED_IN_COOKIE } from '../../../domain/constants.ts';
import type { PageDef } from './pages.ts';
import { session } from '../shared/session.ts';
import { loadRoles } from './start.ts';
import { pageTitle } from './title.ts';
import { useCurrentObjectTitle } from '../shared/object-title.ts';

export const startDeps = {
  get: api.get,
  hasSession: () => readCookie(document.cookie, SIGNED_IN_COOKIE) !== null,
  store: session,
  log: logger,
};

function useCurrentPage(): PageDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { page?: PageDef } | undefined;
    if (handle?.page) return handle.page;
  }
  return undefined;
}

/** The frame of every locale tree: language from the route, page title, scroll, skip link. */
export function Root() {
  const { pathname } = useLocation();
  const { t, locale: language } = useTranslation();
  const locale = localeOfPath(pathname);
  const page = useCurrentPage();
  const object = useCurrentObjectTitle();
  const previousLocale = useRef(locale);
  useStartScreenGone();

  useEffect(() => {
    void applyLocale(locale);
    if (previousLocale.current !== locale && session.get().user) void loadRoles(startDeps);
    previousLocale.current = locale;
  }, [locale]);

  useEffect(() => {
    document.title = pageTitle(page?.title ? t(page.title) : null, t('product'), object);
  }, [page, t, language, object]);

  useEffect(() => scrollToTop(), [pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Outlet />
    </>
  );
}
