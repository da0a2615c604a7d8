import { QueryClient } from '@tanstack/react-query';
import { session } from './session.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/**
 * When the person changes (sign-out, another sign-in on the same tab, a school's shared
 * computer) every cached answer is dropped: none of the previous person's data shows to the next.
 * Until the session first names a person (the start sequence), what is cached was asked with the
 * same sign-in cookie (the page's data fetched at start), so it is kept.
 * Kept here, not in the session, so the login page's JavaScript does not carry the query library.
 */
let signedIn: number | null | undefined = session.get().user?.id;
session.subscribe(() => {
  const now = session.get().user?.id ?? null;
  if (now === signedIn) return;
  const known = signedIn !== undefined;
  signedIn = now;
  if (known) queryClient.clear();
});
