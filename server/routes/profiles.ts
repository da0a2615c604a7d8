import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema } from '../../domain/schemas/page.ts';
import {
  newProfileBody,
  profileListQuery,
  profilePatchBody,
  profileSchema,
} from '../../domain/schemas/profiles.ts';
import { changeProfile } from '../commands/change-profile.ts';
import { createProfile } from '../commands/create-profile.ts';
import { deleteProfile } from '../commands/delete-profile.ts';
import { setProfileStatus } from '../commands/set-profile-status.ts';
import { archiveRoutes } from '../lib/archive-routes.ts';
import { publicOrigin } from '../lib/public-origin.ts';
import type { Actor } from '../policies/actor.ts';
import { takenAddresses } from '../policies/known-addresses.ts';
import { loadProfile, requirePermission } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { page } from '../presenters/page.ts';
import { presentProfile } from '../presenters/profile.ts';
import { listProfiles, readProfileRecord, readProfileRecords } from '../queries/profiles.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ['profiles'];

/** Profiles: the people of the platform, seen and managed within each role's reach. */
export async function profileRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const readProfile = async (actor: Actor, id: number) =>
    presentProfile(await readProfileRecord(db(), actor, id));

  route.get(
    '/',
    {
      schema: { tags, querystring: profileListQuery, response: { 200: pageSchema(profileSchema) } },
    },
    async (request) => {
      const actor = requireActor(request);
      const { count, rows } = await listProfiles(db(), actor, request.query);
      const records = await readProfileRecords(db(), actor, rows);
      return page(request, request.query, count, records.map(presentProfile));
    },
  );

  route.post(
    '/',
    { schema: { tags, body: newProfileBody, response: { 201: profileSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      requirePermission(actor, 'addProfile');
      const id = await createProfile(db(), actor, request.body);
      return reply.code(201).send(await readProfile(actor, id));
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
      return { exists: (await takenAddresses(db(), [address], actor)).has(address) };
    },
  );

  route.get(
    '/:id/',
    { schema: { tags, params: idParams, response: { 200: profileSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { profile } = await loadProfile(db(), actor, request.params.id);
      const [record] = await readProfileRecords(db(), actor, [profile]);
      return presentProfile(record!);
    },
  );

  route.patch(
    '/:id/',
    {
      schema: { tags, params: idParams, body: profilePatchBody, response: { 200: profileSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      const loaded = await loadProfile(db(), actor, request.params.id, 'changeProfile');
      const origin = publicOrigin(app.deps.config, request);
      await changeProfile(db(), actor, loaded, request.body, origin);
      app.outbox.wake();
      return readProfile(actor, loaded.profile.id);
    },
  );

  route.delete('/:id/', { schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = requireActor(request);
    const { profile } = await loadProfile(db(), actor, request.params.id, 'deleteProfile');
    await deleteProfile(db(), actor, profile);
    return reply.code(204).send();
  });

  archiveRoutes(app, {
    tags,
    response: profileSchema,
    statuses: { archive: 'ARCHIVED', unarchive: 'ACTIVE' },
    change: async (actor, id, _action, status) => {
      const { profile } = await loadProfile(db(), actor, id, 'archiveProfile');
      await setProfileStatus(db(), actor, profile, status);
      return readProfile(actor, id);
    },
  });
}
