import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localeOfPath, withLocale } from '../../app/locale.ts';

/** The page's language and a navigate that keeps it. */
export function useLocalePath() {
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const navigate = useNavigate();
  const to = useCallback((path: string) => withLocale(path, locale), [locale]);
  const go = useCallback(
    (path: string, options?: { replace?: boolean }) => navigate(withLocale(path, locale), options),
    [navigate, locale],
  );
  return { locale, to, go };
}
