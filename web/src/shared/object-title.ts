import { useEffect, useSyncExternalStore } from 'react';

/**
 * The object a page shows (a module, a template, a student…), named in the document's title so a
 * tab, the history and a screen reader say which one is open. A page names it with
 * useObjectTitle; the app frame (app/root.tsx) reads it.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function set(name: string | null) {
  if (name === current) return;
  current = name;
  for (const listener of listeners) listener();
}

export const useCurrentObjectTitle = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );

/** Names the page's object while the page is shown (nothing while it loads). */
export function useObjectTitle(name: string | null | undefined): void {
  const trimmed = name?.trim() || null;
  useEffect(() => {
    set(trimmed);
    return () => set(null);
  }, [trimmed]);
}
