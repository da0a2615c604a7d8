import type { RouteObject } from 'react-router';
import { PAGES } from './pages.ts';

type Lazy = NonNullable<RouteObject['lazy']>;
const page = (load: () => Promise<{ default: React.ComponentType }>): Lazy =>
  (() => load().then((m) => ({ Component: m.default }))) as Lazy;

const COMPONENTS = import.meta.glob<{ default: React.ComponentType }>('../features/**/*-page.tsx');

/** The component of every page, loaded on demand from the file its definition names. */
export const PAGE_MODULES: Record<string, Lazy> = Object.fromEntries(
  PAGES.map((def) => {
    const load = COMPONENTS[`../${def.module}`];
    if (!load) throw new Error(`No page component in ${def.module}`);
    return [def.id, page(load)];
  }),
);

/** Starts loading a page's code ahead of a click (link hover or focus). */
export function preloadPage(id: string): void {
  const lazy = PAGE_MODULES[id] as unknown as (() => Promise<unknown>) | undefined;
  lazy?.().catch(() => {});
}
