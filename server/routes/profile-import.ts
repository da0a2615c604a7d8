import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROFILE_KINDS } from '../../domain/constants.ts';
import type { Queryable } from '../db/client.ts';
import { createProfile } from '../commands/create-profile.ts';
import { checkNewAssignment } from '../commands/profile-checks.ts';
import { ValidationError, forbidden, type FieldErrors } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { rolesGivableIn } from '../policies/people-rules.ts';
import { requirePermission } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import { takenAddresses } from '../policies/known-addresses.ts';

export const IMPORT_ROLES = ['STUDENT', 'INSTRUCTOR'] as const;
export const MAX_IMPORT_ROWS = 2000;

// cells arrive as typed in the file: checked here one by one so every bad row is reported at once
const cell = z.string().max(1000).optional();
const importBody = z.object({
  unit: z.number().int().positive(),
  role: z.enum(IMPORT_ROLES),
  dry_run: z.boolean().optional(),
  rows: z
    .array(z.object({ first_name: cell, last_name: cell, email: cell, kind: cell }))
    .min(1)
    .max(MAX_IMPORT_ROWS),
});
type ImportBody = z.infer<typeof importBody>;
type Row = ImportBody['rows'][number];

const EMAIL = z.email();
const KINDS: readonly string[] = PROFILE_KINDS;

/**
 * Every problem of every row, as `rows.<index>.<field>` → messages. A dry run tells of taken
 * addresses only within the actor's reach (takenAddresses); the import itself checks them all.
 */
export async function checkRows(
  db: Queryable,
  body: ImportBody,
  actor: Actor,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (index: number, field: string, key: string, params?: (string | number)[]) =>
    (errors[`rows.${index}.${field}`] ??= []).push({ key, params });
  const emails = body.rows.map((row) => row.email?.trim().toLowerCase() ?? '');
  const distinct = [...new Set(emails.filter(Boolean))];
  const taken = await takenAddresses(db, distinct, body.dry_run ? actor : undefined);
  body.rows.forEach((row: Row, index) => {
    for (const field of ['first_name', 'last_name'] as const) {
      const value = row[field]?.trim() ?? '';
      if (!value) add(index, field, 'required');
      else if (value.length > 100) add(index, field, 'maxLength', [100]);
    }
    const email = emails[index]!;
    if (email && !EMAIL.safeParse(email).success) add(index, 'email', 'email');
    else if (email && taken.has(email)) add(index, 'email', 'profileEmailTaken');
    else if (email && emails.indexOf(email) !== index) add(index, 'email', 'duplicateInFile');
    const kind = row.kind?.trim() ?? '';
    if (kind && body.role !== 'STUDENT') add(index, 'kind', 'kindOnlyForStudents');
    else if (kind && !KINDS.includes(kind)) add(index, 'kind', 'invalidChoice');
  });
  return errors;
}

async function checkTarget(db: Queryable, actor: Actor, body: ImportBody) {
  requirePermission(actor, 'addProfile');
  const unitId = await checkNewAssignment(db, actor, { unitId: body.unit, role: body.role });
  if (!rolesGivableIn(actor, unitId, 'addProfile').includes(body.role)) throw forbidden();
}

/**
 * Students or instructors of a unit from a file's rows: all rows are checked first and every
 * problem is answered at once (400 `rows.<i>.<field>`); then all are created in one transaction,
 * or none. `dry_run` checks without saving.
 */
export async function profileImportRoutes(app: FastifyInstance) {
  const { db } = app.deps.database;
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.post(
    '/import/',
    {
      config: { rateLimit: 'import' },
      schema: {
        tags: ['profiles'],
        body: importBody,
        response: {
          200: z.object({ valid: z.number().int() }),
          201: z.object({ created: z.array(z.number().int()) }),
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const body = request.body;
      await checkTarget(db, actor, body);
      const errors = await checkRows(db, body, actor);
      if (Object.keys(errors).length) throw new ValidationError(errors);
      if (body.dry_run) return reply.code(200).send({ valid: body.rows.length });
      const created = await db.transaction(async (tx) => {
        const ids: number[] = [];
        for (const row of body.rows) {
          const profile = await createProfile(tx, actor, {
            first_name: row.first_name!.trim(),
            last_name: row.last_name!.trim(),
            email: row.email?.trim() || null,
            kind: (row.kind?.trim() || null) as (typeof PROFILE_KINDS)[number] | null,
            assignments: [{ unit: body.unit, role: body.role }],
          });
          ids.push(profile.id);
        }
        return ids;
      });
      return reply.code(201).send({ created });
    },
  );
}
