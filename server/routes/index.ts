import type { FastifyInstance } from 'fastify';
import { aboutRoutes } from './about.ts';
import { authRoutes } from './auth.ts';
import { userRoutes } from './users.ts';
import { notFound } from '../lib/errors.ts';

/** Every resource of spec section 7, one file each, under /api. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(aboutRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/users' });
  app.setNotFoundHandler(() => {
    throw notFound();
  });
}
