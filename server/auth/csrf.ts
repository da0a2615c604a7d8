import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.ts';
import { randomToken, safeEqual } from './tokens.ts';

const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Gives every visitor a `csrftoken` cookie that the web app echoes in `X-CSRFToken`. */
export function ensureCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): void {
  if (request.cookies[CSRF_COOKIE]) return;
  reply.setCookie(CSRF_COOKIE, randomToken(), {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: 365 * 86400,
  });
}

/**
 * Unsafe methods need the cookie echoed in the header (double submit) and, when the browser says
 * where the request comes from, an Origin equal to ours.
 */
export function checkCsrf(request: FastifyRequest, allowedOrigin: string | undefined): void {
  if (SAFE_METHODS.has(request.method)) return;
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header))
    throw forbidden('csrfFailed');
  const origin = request.headers.origin;
  if (origin && origin !== (allowedOrigin ?? `${request.protocol}://${request.host}`))
    throw forbidden('csrfFailed');
}
