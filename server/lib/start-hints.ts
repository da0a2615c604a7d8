import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGNED_IN_COOKIE, type Locale } from '../../domain/constants.ts';
import {
  DETECT_BROWSER_LANGUAGE,
  detectLocale,
  LOCALE_COOKIE,
  stripLocale,
} from '../../domain/locale.ts';
import { validParams } from '../../domain/route-params.ts';
import { passedSecondFactor } from '../auth/second-factor-state.ts';
import { localeFromAcceptLanguage } from '../i18n/locale.ts';
import type { Actor } from '../policies/actor.ts';
import { escapeHtml } from './escape-html.ts';

/** A page of the web app as the build describes it (web/vite.config.ts, startHints). */
interface StartPage {
  id: string;
  /** without language prefix nor leading slash; `:name` segments are parameters */
  path: string;
  public: boolean;
  signedInRedirect: boolean;
  /** the built files its layout and component need beyond the entry's */
  files: string[];
  /** the API call it shows first, `:name` from its path (PageDef.firstCall, web/src/app/pages.ts) */
  firstCall?: string;
}

/** What the build described of the web app's start. */
export interface StartDescription {
  /** where the app asks the API (web/src/shared/api-base-url.ts) */
  api: string;
  pages: StartPage[];
}

/** What the server knows of a visit when it sends the page. */
export interface Visit {
  pathname: string;
  cookies: Record<string, string | undefined>;
  acceptLanguage: string | undefined;
  /** the profile the start sequence will read (startProfileOf), when the server knows it */
  profile?: number;
}

/**
 * The profile the start sequence reads (web/src/app/start.ts): a live session's, once past the
 * data-processing consent and the second factor; before them the API holds it back.
 */
export function startProfileOf(actor: Actor | null | undefined): number | undefined {
  if (!actor?.isDataProcessingAccepted || !passedSecondFactor(actor.secondFactor)) return undefined;
  return actor.profileId ?? undefined;
}

/** What the build described, or null when it wrote no hints. */
export async function readStartDescription(root: string): Promise<StartDescription | null> {
  try {
    const text = await readFile(path.join(root, '.vite', 'start-hints.json'), 'utf8');
    return JSON.parse(text) as StartDescription;
  } catch {
    return null;
  }
}

const segmentsOf = (pathname: string) => stripLocale(pathname).split('/').filter(Boolean);

interface PageVisited {
  page: StartPage;
  params: Record<string, string>;
}

/** The page at a path as the router picks it: every segment equal or a parameter, literals first. */
function pageAt(pages: StartPage[], pathname: string): PageVisited | undefined {
  const wanted = segmentsOf(pathname);
  let best: (PageVisited & { literals: number }) | undefined;
  for (const page of pages) {
    const segments = page.path.split('/').filter(Boolean);
    if (segments.length !== wanted.length) continue;
    if (!segments.every((segment, i) => segment.startsWith(':') || segment === wanted[i])) continue;
    const literals = segments.filter((segment) => !segment.startsWith(':')).length;
    if (best && literals <= best.literals) continue;
    const params = Object.fromEntries(
      segments.flatMap((segment, i) =>
        segment.startsWith(':') ? [[segment.slice(1), wanted[i]!]] : [],
      ),
    );
    best = { page, params, literals };
  }
  return best;
}

/** Whether the browser holds a session, as web/src/app/root.tsx tells it (its readable hint). */
const isSignedIn = (visit: Visit) => visit.cookies[SIGNED_IN_COOKIE] !== undefined;

/** The page the visitor will see: a signed-out visitor of a page behind sign-in sees the sign-in. */
function pageShown(pages: StartPage[], visit: Visit): PageVisited | undefined {
  const visited = pageAt(pages, visit.pathname);
  if (!visited) return undefined;
  if (isSignedIn(visit)) return visited.page.signedInRedirect ? undefined : visited;
  if (visited.page.public) return visited;
  const login = pages.find((candidate) => candidate.id === 'login');
  return login && { page: login, params: {} };
}

/**
 * The first call of a signed-in visitor's page with its parameters filled in, as its prefetcher
 * asks it at start (web/src/main.tsx: only for a page behind sign-in, with valid ids).
 */
function firstCallOf(visited: PageVisited | undefined, visit: Visit): string | undefined {
  if (!visited?.page.firstCall || visited.page.public || !isSignedIn(visit)) return undefined;
  if (!validParams(visited.params)) return undefined;
  return visited.page.firstCall.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(visited.params[name] ?? ''),
  );
}

/** The language the web app will speak on this visit (web/src/main.tsx decides it the same way). */
export function visitLocale(visit: Visit): Locale {
  return detectLocale({
    pathname: visit.pathname,
    cookie: visit.cookies[LOCALE_COOKIE],
    browserLanguages: [localeFromAcceptLanguage(visit.acceptLanguage)],
    detection: DETECT_BROWSER_LANGUAGE,
  });
}

/**
 * What the web app asks for first on this visit, as `<link>` tags for the page's head: the
 * messages of the language it will speak (web/src/main.tsx decides it the same way), the code of
 * the page it will show and, to a signed-in visitor, the calls of the start sequence
 * (web/src/app/start.ts: who is signed in, their profile) and the page's first call, all asked as
 * the app asks them: with credentials. The browser then loads them beside the entry instead of
 * after it.
 */
export function startHints(build: StartDescription | null, visit: Visit): string {
  const locale = visitLocale(visit);
  const links = [
    `<link rel="preload" as="fetch" crossorigin href="/locales/${locale}/messages.json">`,
  ];
  if (!build) return links.join('\n');
  const visited = pageShown(build.pages, visit);
  const apiCall = (call: string) =>
    `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(build.api + call)}">`;
  if (isSignedIn(visit)) links.push(apiCall('/users/me/'));
  if (isSignedIn(visit) && visit.profile !== undefined)
    links.push(apiCall(`/profiles/${visit.profile}/`));
  const firstCall = firstCallOf(visited, visit);
  if (firstCall) links.push(apiCall(firstCall));
  for (const file of visited?.page.files ?? [])
    links.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`);
  return links.join('\n');
}
