import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { boundedMemo } from '../../domain/bounded-memo.ts';
import { forbidden } from '../lib/errors.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { randomToken, safeEqual } from './tokens.ts';

const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sessions whose token is kept derived: about the signed-in people of a busy hour. */
const REMEMBERED_SESSIONS = 10_000;

/**
 * The token of a signed-in browser, derived from its session id (which scripts never read): no
 * cookie planted by a neighbouring site, and no token of another session, passes for it. Every
 * request checks it, and the HMAC cost more than the rest of the CSRF check: the tokens of
 * recent sessions are remembered.
 */
export const sessionCsrfToken = boundedMemo(
  (sessionId) => createHmac('sha256', sessionId).update(CSRF_COOKIE).digest('base64url'),
  REMEMBERED_SESSIONS,
);

/** The token the request must echo: its session's, or the cookie's when it has no session. */
const expectedToken = (request: FastifyRequest): string | undefined => {
  const sessionId = request.cookies[SESSION_COOKIE];
  return sessionId ? sessionCsrfToken(sessionId) : request.cookies[CSRF_COOKIE];
};

export function setCsrfCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: 365 * 86400,
  });
}

/**
 * Gives every visitor a `csrftoken` cookie that the web app echoes in `X-CSRFToken`: a random one
 * while signed out, the session's once signed in.
 */
export function ensureCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): void {
  const current = request.cookies[CSRF_COOKIE];
  const sessionId = request.cookies[SESSION_COOKIE];
  const wanted = sessionId ? sessionCsrfToken(sessionId) : current;
  if (current && current === wanted) return;
  setCsrfCookie(reply, wanted ?? randomToken(), secure);
}

/**
 * Unsafe methods need the expected token in the header (bound to the session when there is one,
 * the double-submitted cookie before sign-in) and, when the browser says where the request comes
 * from, an Origin equal to ours.
 */
export function checkCsrf(request: FastifyRequest, allowedOrigin: string | undefined): void {
  if (SAFE_METHODS.has(request.method)) return;
  const expected = expectedToken(request);
  const header = request.headers[CSRF_HEADER];
  if (!expected || typeof header !== 'string' || !safeEqual(expected, header))
    throw forbidden('csrfFailed');
  const origin = request.headers.origin;
  if (origin && origin !== (allowedOrigin ?? `${request.protocol}://${request.host}`))
    throw forbidden('csrfFailed');
}
