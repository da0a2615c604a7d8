import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { guard } from './guard.ts';
import { LOCALES } from '../shared/locale.ts';
import { PAGES, type LayoutName, type PageDef } from './pages.ts';
import { LAYOUTS, PAGE_MODULES } from './page-modules.ts';
import { Root } from './root.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

const pageRoute = (page: PageDef, prefix: string): RouteObject => ({
  id: `${prefix}${page.id}`,
  ...(page.path === '' ? { index: true } : { path: page.path }),
  handle: { page },
  loader: guard(page),
  lazy: PAGE_MODULES[page.id],
});

/** One tree per form of the route: no prefix (French), /fr, /de and /it (spec section 2). */
function localeTree(prefix: string): RouteObject {
  const layoutRoute = (layout: LayoutName): RouteObject => ({
    id: `${prefix}layout-${layout}`,
    lazy: LAYOUTS[layout],
    children: PAGES.filter((page) => (page.layout ?? 'default') === layout).map((page) =>
      pageRoute(page, prefix),
    ),
  });
  return {
    id: `${prefix}root`,
    path: prefix ? `/${prefix}` : '/',
    Component: Root,
    // the page's code is still loading on the first render: nothing to show yet (and no warning)
    HydrateFallback: () => null,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      layoutRoute('default'),
      layoutRoute('empty'),
      { id: `${prefix}not-found`, path: '*', loader: guard(null) },
    ],
  };
}

const routes: RouteObject[] = [localeTree(''), ...LOCALES.map(localeTree)];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * Starts loading the code of the layout and page at `pathname` (what the router would load once
 * the session is known), so that it comes in parallel with the messages and the session. Answers
 * the page and its parameters, or null for a path no page serves.
 */
export function preloadRoute(
  pathname: string,
): { page: PageDef; params: Record<string, string> } | null {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const match of matches) {
    const lazy = match.route.lazy as (() => Promise<unknown>) | undefined;
    lazy?.().catch(() => {});
  }
  const last = matches.at(-1);
  const page = (last?.route.handle as { page?: PageDef } | undefined)?.page;
  return page ? { page, params: last!.params as Record<string, string> } : null;
}
