import type { FastifyReply } from 'fastify';
import { SIGNED_IN_COOKIE } from '../../domain/constants.ts';
import { sessionCsrfToken, setCsrfCookie } from './csrf.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { randomToken } from './tokens.ts';

/**
 * The session cookie (httpOnly: scripts never read it), the CSRF token bound to it, and the
 * readable hint `signed_in=1`, which carries no secret: it only tells the web app that asking who
 * is signed in is worth a request, so an anonymous visitor's start makes none (no 401 in the
 * console, one round trip less). Session and hint live as long as the browser session.
 */
export function setSessionCookies(reply: FastifyReply, sessionId: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
  });
  setCsrfCookie(reply, sessionCsrfToken(sessionId), secure);
  setSignedInHint(reply, secure);
}

export function setSignedInHint(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(SIGNED_IN_COOKIE, '1', { sameSite: 'lax', secure, path: '/' });
}

/** Signed out: the session's cookies go, and the CSRF token bound to it gives way to a new one. */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
  setCsrfCookie(reply, randomToken(), secure);
}
