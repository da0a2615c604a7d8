import { redirect, type LoaderFunctionArgs } from 'react-router';
import { needsFullReload } from './build-updates.ts';
import { applyLocale } from '../shared/i18n.ts';
import { inSameForm, localeOfPath, stripLocale } from '../shared/locale.ts';
import { decide } from './navigation-rules.ts';
import type { PageDef } from './pages.ts';
import { session } from '../shared/session.ts';

/**
 * Every page's loader: a full reload when a new build is out, the page's language, then the
 * navigation rules. A refusal is thrown as `{statusCode, statusMessage}` for the error page.
 */
export function guard(page: PageDef | null) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (needsFullReload() && url.href !== window.location.href) {
      window.location.assign(url.href);
      return new Promise<never>(() => {});
    }
    const locale = localeOfPath(url.pathname);
    await applyLocale(locale);
    const path = stripLocale(url.pathname);
    const decision = decide({
      page,
      params,
      path: url.pathname,
      wanted: `${path}${url.search}`,
      next: url.searchParams.get('next'),
      visitor: session.get().user,
    });
    if (decision.kind === 'redirect') throw redirect(inSameForm(decision.to, url.pathname));
    if (decision.kind === 'error') throw decision.error;
    return null;
  };
}
