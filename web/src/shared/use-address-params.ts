import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A parameter's new value or values; null or an empty string removes it. */
export type AddressChanges = Record<string, string | string[] | null>;

/**
 * A page's state kept in the address (filters, a list's page and order), so the back button, a
 * reload and a shared link show the same page. A change starts from the last change not yet in
 * the address, else from the address as it is now, never from the address as the page last drew
 * it: two filters chosen before the page draws again, or a debounced search after a filter, both
 * hold. (The router writes the address a moment after it is asked to.)
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const change = useCallback(
    (changes: AddressChanges) => {
      const next = new URLSearchParams(pending.current ?? window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        next.delete(name);
        for (const item of Array.isArray(value) ? value : value ? [value] : [])
          next.append(name, item);
      }
      pending.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return { params, change };
}
