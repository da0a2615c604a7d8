import type { RouteObject } from 'react-router';
import { LAYOUT_MODULES, PAGES, type LayoutName } from './pages.ts';

type Lazy = NonNullable<RouteObject['lazy']>;
const routeOf = (load: () => Promise<{ default: React.ComponentType }>): Lazy =>
  (() => load().then((m) => ({ Component: m.default }))) as Lazy;

/** A glob key, relative to this file (web/src/app), as a path under web/src. */
const underSrc = (key: string) =>
  key.startsWith('./') ? `app/${key.slice(2)}` : key.replace(/^\.\.\//, '');

// every page's and layout's file: each default-exports its component (pages.ts names them)
const FILES = new Map(
  Object.entries(
    import.meta.glob<{ default: React.ComponentType }>([
      '../features/**/*-page.tsx',
      './layouts/*-layout.tsx',
    ]),
  ).map(([key, load]) => [underSrc(key), load]),
);

/** The component of a file under web/src, loaded on demand. */
function lazyComponent(module: string): Lazy {
  const load = FILES.get(module);
  if (!load) throw new Error(`No component in ${module}`);
  return routeOf(load);
}

/** The component of every page, loaded on demand from the file its definition names. */
export const PAGE_MODULES: Record<string, Lazy> = Object.fromEntries(
  PAGES.map((def) => [def.id, lazyComponent(def.module)]),
);

/** The component of each layout, from the file LAYOUT_MODULES names. */
export const LAYOUTS: Record<LayoutName, Lazy> = {
  default: lazyComponent(LAYOUT_MODULES.default),
  empty: lazyComponent(LAYOUT_MODULES.empty),
};

/** Starts loading a page's code ahead of a click (link hover or focus). */
export function preloadPage(id: string): void {
  const lazy = PAGE_MODULES[id] as unknown as (() => Promise<unknown>) | undefined;
  lazy?.().catch(() => {});
}
