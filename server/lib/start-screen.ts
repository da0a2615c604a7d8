import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../domain/constants.ts';
import { escapeHtml } from './escape-html.ts';

const STATUS = /(<p id="start-screen-status">)[^<]*(<\/p>)/;

/** The web app's own "loading" (common.loading) in `locale`, from the build's messages, or null. */
export async function readLoadingText(root: string, locale: Locale): Promise<string | null> {
  try {
    const file = path.join(root, 'locales', locale, 'messages.json');
    const messages = JSON.parse(await readFile(file, 'utf8')) as {
      common?: { loading?: unknown };
    };
    const text = messages.common?.loading;
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}

/**
 * index.html in the visitor's language: its `lang` and the start screen's "loading"
 * (web/index.html, #start-screen), which a slow network shows until the app's code has come. A
 * build without messages (`loading` null) keeps the page's text as written (French).
 */
export function inVisitorsLanguage(html: string, locale: Locale, loading: string | null): string {
  const page = html.replace(/<html lang="[a-z]+">/, `<html lang="${locale}">`);
  return loading === null ? page : page.replace(STATUS, `$1${escapeHtml(loading)}$2`);
}
