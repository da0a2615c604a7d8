import type { FastifyReply } from 'fastify';
import { SIGNED_IN_COOKIE } from '../../domain/constants.ts';
import { SESSION_COOKIE } from './sessions.ts';

/**
 * The session cookie (httpOnly: scripts never read it) and its readable hint `signed_in=1`, which
 * carries no secret: it only tells the web app that asking who is signed in is worth a request,
 * so an anonymous visitor's start makes none (no 401 in the console, one round trip less).
 * Both live as long as the browser session.
 */
export function setSessionCookies(reply: FastifyReply, sessionId: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
  });
  setSignedInHint(reply, secure);
}

export function setSignedInHint(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(SIGNED_IN_COOKIE, '1', { sameSite: 'lax', secure, path: '/' });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}
