import { publicConfig } from './config.ts';
import { inSameForm, readCookie } from './locale.ts';
import { ApiError } from './api-error.ts';

export { ApiError };

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let language = 'fr';

/** Accept-Language follows the active locale (default fr). */
export const setApiLanguage = (locale: string) => {
  language = locale;
};
export const apiLanguage = () => language;

/**
 * The API holds everything back until the second factor and the data-processing consent: their
 * page, in this language. Only for the page that asked: an answer to a page the visitor has left
 * meanwhile (a prefetch, a slow read) must not take them away from the page they opened since.
 */
function leadTo(page: '/accept-data-processing' | '/second-factor', askedFrom: string) {
  const here = window.location.pathname;
  if (here === askedFrom && !here.endsWith(page)) window.location.assign(inSameForm(page, here));
}

/**
 * The CSRF token to echo: the page brought its cookie; if the cookie went away (cleared by the
 * browser while the page stayed open) any answer of the API sets a new one.
 */
export async function csrfToken(): Promise<string> {
  const token = readCookie(document.cookie, 'csrftoken');
  if (token) return token;
  await fetch(`${publicConfig.apiBaseURL}/about/`, { credentials: 'include' });
  return readCookie(document.cookie, 'csrftoken') ?? '';
}

export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (UNSAFE.has(method)) headers['X-CSRFToken'] = await csrfToken();
  const askedFrom = globalThis.location?.pathname;
  const response = await fetch(`${publicConfig.apiBaseURL}${path}`, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: init.signal,
  });
  const text = await response.text();
  const data: unknown =
    text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  if (!response.ok) {
    const error = new ApiError(response.status, data);
    if (error.code === 'consent_required') leadTo('/accept-data-processing', askedFrom);
    if (error.code === 'second_factor_required') leadTo('/second-factor', askedFrom);
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, init?: { signal?: AbortSignal }) =>
    apiRequest<T>('GET', path, undefined, init),
  post: <T>(path: string, body: unknown = {}) => apiRequest<T>('POST', path, body),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
