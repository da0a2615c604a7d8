import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../db/schema/index.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { createSession, destroySession, SESSION_COOKIE } from '../auth/sessions.ts';
import { badRequest } from '../lib/errors.ts';

export const loginBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});

export async function authRoutes(app: FastifyInstance) {
  const { database, config } = app.deps;
  const secure = config.APP_ORIGIN?.startsWith('https:') ?? false;
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post('/login/', { schema: { tags: ['auth'], body: loginBody } }, async (request, reply) => {
    const { email, password } = request.body;
    const [user] = await database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (!user || !user.isActive || !(await verifyPassword(user.passwordHash, password))) {
      throw badRequest('non_field_errors', 'invalidCredentials');
    }
    // a fresh session id at every sign-in: no fixation
    if (request.actor) await destroySession(database.db, request.actor.sessionIdHash);
    const sessionId = await createSession(database.db, user.id, request.headers['user-agent']);
    reply.setCookie(SESSION_COOKIE, sessionId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
    return reply.code(200).send({ id: user.id });
  });

  route.post('/logout/', { schema: { tags: ['auth'] } }, async (request, reply) => {
    if (request.actor) await destroySession(database.db, request.actor.sessionIdHash);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });
}
