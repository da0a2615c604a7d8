import type { SecondFactorState } from '../../../domain/schemas/second-factors.ts';
import { validParams } from '../../../domain/route-params.ts';
import type { PageDef } from './pages.ts';

export interface Visitor {
  permissions: readonly string[];
  is_data_processing_accepted: boolean;
  second_factor: SecondFactorState;
}

export interface RouteError {
  statusCode: number;
  statusMessage: string;
}

export type Decision =
  { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'error'; error: RouteError };

export const NOT_ALLOWED = 'notAllowed';
const pageNotFound = (path: string): RouteError => ({
  statusCode: 404,
  statusMessage: `Page Not Found: ${path}`,
});

/** A return address is only ever a path of this site. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}

/**
 * The navigation rules of spec section 2, in their order: the page's validity, then
 * authentication (with the second factor, data-processing acceptance and the list permission), then the redirect a
 * page asks for. Every path here is bare (no language prefix): the caller adds the locale.
 */
export function decide(input: {
  page: PageDef | null;
  params: Record<string, string | undefined>;
  path: string;
  wanted: string;
  next: string | null;
  visitor: Visitor | null;
}): Decision {
  const { page, visitor } = input;
  if (!page || !validParams(input.params))
    return { kind: 'error', error: pageNotFound(input.path) };

  const back = `?next=${encodeURIComponent(input.wanted)}`;
  if (!visitor) {
    if (page.public) return { kind: 'allow' };
    return { kind: 'redirect', to: `/login${page.id === 'home' ? '' : back}` };
  }
  const awaitsFactor =
    visitor.second_factor === 'PENDING' || visitor.second_factor === 'SETUP_REQUIRED';
  if (awaitsFactor && !page.beforeSecondFactor) {
    const keep = page.public ? '' : back;
    return { kind: 'redirect', to: `/second-factor${page.id === 'home' ? '' : keep}` };
  }
  if (page.id === 'second-factor' && !awaitsFactor)
    return { kind: 'redirect', to: safeNext(input.next) ?? '/' };
  if (!visitor.is_data_processing_accepted && !page.beforeAcceptance) {
    const keep = page.public ? '' : back;
    return { kind: 'redirect', to: `/accept-data-processing${page.id === 'home' ? '' : keep}` };
  }
  if (page.permission && !visitor.permissions.includes(page.permission))
    return { kind: 'error', error: { statusCode: 403, statusMessage: NOT_ALLOWED } };

  if (page.signedInRedirect) return { kind: 'redirect', to: safeNext(input.next) ?? '/' };
  if (page.id === 'accept-data-processing' && visitor.is_data_processing_accepted)
    return { kind: 'redirect', to: safeNext(input.next) ?? '/' };
  return { kind: 'allow' };
}
