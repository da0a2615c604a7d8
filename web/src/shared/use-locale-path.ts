import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { inSameForm, localeOfPath } from './locale.ts';

/** The page's language, and links and a navigate that keep the form of its path. */
export function useLocalePath() {
  const { pathname } = useLocation();
  const locale = localeOfPath(pathname);
  const navigate = useNavigate();
  const to = useCallback((path: string) => inSameForm(path, pathname), [pathname]);
  const go = useCallback(
    (path: string, options?: { replace?: boolean }) =>
      navigate(inSameForm(path, pathname), options),
    [navigate, pathname],
  );
  return { locale, to, go };
}
