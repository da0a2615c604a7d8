import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../lib/errors.ts';
import type { Actor } from './actor.ts';

/** The signed-in actor of a request; 401 when nobody is signed in. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
