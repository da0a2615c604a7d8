import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGNED_IN_COOKIE } from '../../domain/constants.ts';
import {
  DETECT_BROWSER_LANGUAGE,
  detectLocale,
  LOCALE_COOKIE,
  stripLocale,
} from '../../domain/locale.ts';
import { localeFromAcceptLanguage } from '../i18n/locale.ts';
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
}

/** What the server knows of a visit when it sends the page. */
export interface Visit {
  pathname: string;
  cookies: Record<string, string | undefined>;
  acceptLanguage: string | undefined;
}

/** The pages the build described, or none when the build wrote no hints. */
export async function readStartPages(root: string): Promise<StartPage[]> {
  try {
    const text = await readFile(path.join(root, '.vite', 'start-hints.json'), 'utf8');
    return (JSON.parse(text) as { pages: StartPage[] }).pages;
  } catch {
    return [];
  }
}

const segmentsOf = (pathname: string) => stripLocale(pathname).split('/').filter(Boolean);

/** The page at a path as the router picks it: every segment equal or a parameter, literals first. */
function pageAt(pages: StartPage[], pathname: string): StartPage | undefined {
  const wanted = segmentsOf(pathname);
  let best: { page: StartPage; literals: number } | undefined;
  for (const page of pages) {
    const segments = page.path.split('/').filter(Boolean);
    if (segments.length !== wanted.length) continue;
    if (!segments.every((segment, i) => segment.startsWith(':') || segment === wanted[i])) continue;
    const literals = segments.filter((segment) => !segment.startsWith(':')).length;
    if (!best || literals > best.literals) best = { page, literals };
  }
  return best?.page;
}

/** The page the visitor will see: a signed-out visitor of a page behind sign-in sees the sign-in. */
function pageShown(pages: StartPage[], visit: Visit): StartPage | undefined {
  const page = pageAt(pages, visit.pathname);
  if (!page) return undefined;
  const signedIn = visit.cookies[SIGNED_IN_COOKIE] !== undefined;
  if (signedIn) return page.signedInRedirect ? undefined : page;
  return page.public ? page : pages.find((candidate) => candidate.id === 'login');
}

/**
 * The files the web app asks for first on this visit, as `<link>` tags for the page's head: the
 * messages of the language it will speak (web/src/main.tsx decides it the same way) and the code
 * of the page it will show. The browser then loads them beside the entry instead of after it.
 */
export function startHints(pages: StartPage[], visit: Visit): string {
  const locale = detectLocale({
    pathname: visit.pathname,
    cookie: visit.cookies[LOCALE_COOKIE],
    browserLanguages: [localeFromAcceptLanguage(visit.acceptLanguage)],
    detection: DETECT_BROWSER_LANGUAGE,
  });
  const links = [
    `<link rel="preload" as="fetch" crossorigin href="/locales/${locale}/messages.json">`,
  ];
  for (const file of pageShown(pages, visit)?.files ?? [])
    links.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`);
  return links.join('\n');
}
