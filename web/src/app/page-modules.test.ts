import { describe, expect, it } from 'vitest';
import { LAYOUTS, PAGE_MODULES } from './page-modules.ts';
import { PAGES } from './pages.ts';

describe('page components', () => {
  it('come from the file each page names, and load its default export', async () => {
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(PAGES.map((page) => page.id).sort());
    const logout = PAGE_MODULES.logout as unknown as () => Promise<{ Component: unknown }>;
    expect(typeof (await logout()).Component).toBe('function');
  });

  it('load each layout from the file LAYOUT_MODULES names', async () => {
    const empty = LAYOUTS.empty as unknown as () => Promise<{ Component: { name: string } }>;
    expect((await empty()).Component.name).toBe('EmptyLayout');
  });
});
