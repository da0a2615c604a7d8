import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The origin that links in mails point to: APP_ORIGIN (required in production, so a forged Host
 * header never chooses where a reset link leads), else the request's own, for development.
 */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  return config.APP_ORIGIN ?? `${request.protocol}://${request.host}`;
}
