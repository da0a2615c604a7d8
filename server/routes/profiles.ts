import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES, PROFILE_KINDS, ROLES } from '../../domain/constants.ts';
import { changeProfile, deleteProfile, setProfileStatus } from '../commands/change-profile.ts';
import { createProfile } from '../commands/create-profile.ts';
import { loadProfile, requirePermission } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { pageSchema } from '../../domain/schemas/page.ts';
import { page } from '../presenters/page.ts';
import { presentProfiles, profileSchema } from '../presenters/profile.ts';
import { archiveRoutes } from './archive-routes.ts';
import { publicOrigin } from '../lib/public-origin.ts';
import { takenAddresses } from '../policies/known-addresses.ts';
import { listProfiles, profileListQuery } from './profile-list.ts';

const id = z.number().int().positive();
const name = z.string().trim().min(1).max(100);
const email = z.string().trim().max(254).pipe(z.email());

export const profileFields = {
  first_name: name,
  last_name: name,
  email: email.nullish(),
  kind: z.enum(PROFILE_KINDS).nullish(),
  language: z.enum(LOCALES).optional(),
  legal_representatives: z.array(id).max(20).optional(),
};
export const newProfileBody = z.object({
  ...profileFields,
  assignments: z
    .array(z.object({ unit: id.nullish(), role: z.enum(ROLES) }))
    .max(50)
    .optional(),
});
export const profilePatchBody = z.object(profileFields).partial();
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Profiles: the people of the platform, seen and managed within each role's reach. */
export async function profileRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  const route = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];

  route.get(
    '/',
    {
      schema: { tags, querystring: profileListQuery, response: { 200: pageSchema(profileSchema) } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { count, rows } = await listProfiles(db, actor, request.query);
      return page(request, request.query, count, await presentProfiles(db, actor, rows));
    },
  );

  route.post(
    '/',
    { schema: { tags, body: newProfileBody, response: { 201: profileSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const created = await db.transaction((tx) => createProfile(tx, actor, request.body));
      return reply.code(201).send(created);
    },
  );

  // whether an address is already known, within the asker's reach: only for those who may add profiles
  route.post(
    '/exist/',
    {
      schema: {
        tags,
        body: z.object({ email: z.string().trim().min(1).max(254) }),
        response: { 200: z.object({ exists: z.boolean() }) },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      requirePermission(actor, 'addProfile');
      const address = request.body.email.toLowerCase();
      return { exists: (await takenAddresses(db, [address], actor)).has(address) };
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params: idParams, response: { 200: profileSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { profile } = await loadProfile(db, actor, request.params.id);
      const [json] = await presentProfiles(db, actor, [profile]);
      return json!;
    },
  );

  route.patch(
    '/:id/',
    {
      schema: { tags, params: idParams, body: profilePatchBody, response: { 200: profileSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      const origin = publicOrigin(app.deps.config, request);
      const changed = await db.transaction((tx) =>
        changeProfile(tx, actor, request.params.id, request.body, origin),
      );
      app.outbox.wake();
      return changed;
    },
  );

  route.delete('/:id/', { schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = requireActor(request);
    await db.transaction((tx) => deleteProfile(tx, actor, request.params.id));
    return reply.code(204).send();
  });

  archiveRoutes(app, {
    tags,
    response: profileSchema,
    statuses: { archive: 'ARCHIVED', unarchive: 'ACTIVE' },
    change: (actor, id, _action, status) =>
      db.transaction((tx) => setProfileStatus(tx, actor, id, status)),
  });
}
