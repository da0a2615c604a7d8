import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reachOf } from '../../domain/policy.ts';
import { assessmentDetailSchema } from '../../domain/schemas/assessment-detail.ts';
import {
  awaitingSchema,
  dueReportsQuery,
  dueReportsSchema,
  goalPatch,
  goalSchema,
  goalsSchema,
  newGoalBody,
  selfAssessmentPatch,
  selfAssessmentSchema,
  sendSignLinkSchema,
  signBody,
  signLinkBody,
} from '../../domain/schemas/training-report.ts';
import { swissDay } from '../../domain/school-calendar.ts';
import { semesterCode, semesterSpan } from '../../domain/training-report.ts';
import { submitSelfAssessment, writeSelfAssessment } from '../commands/self-assessment.ts';
import { signReport } from '../commands/sign-report.ts';
import { addGoal, changeGoal, deleteGoal } from '../commands/training-goals.ts';
import { hashToken } from '../auth/tokens.ts';
import { sendSignLinksAgain } from '../commands/sign-links.ts';
import { exportLocale } from '../exports/format.ts';
import { assessmentTitle } from '../exports/titles.ts';
import { AppError, conflict, notFound, unauthenticated } from '../lib/errors.ts';
import { publicOrigin } from '../lib/public-origin.ts';
import { download, PDF } from '../presenters/download.ts';
import type { Actor } from '../policies/actor.ts';
import { authorizeAssessment } from '../policies/assessments.ts';
import { requirePermission } from '../policies/people.ts';
import { requireActor } from '../policies/require-actor.ts';
import {
  authorizeGoalWrite,
  authorizeSelfAssessmentWrite,
  authorizeSigning,
  authorizeSignLinkResend,
  dueReportsScope,
  representativeActor,
} from '../policies/training-report.ts';
import { presentDueReports, presentGoal } from '../presenters/training-report.ts';
import { readAssessmentHeader, readInstructorNames } from '../queries/assessment-detail.ts';
import { readAwaiting } from '../queries/awaiting.ts';
import { readDueReportChoices, readDueReports, readUnitChoices } from '../queries/due-reports.ts';
import { readGoal, readLiveSignLink, readNextReport } from '../queries/training-report.ts';
import {
  readableDetail,
  readableGoals,
  readableSelfAssessment,
  readableTrainingReport,
  reportHeader,
  type AppDb,
} from '../reads/assessment-reads.ts';

const params = z.object({ id: z.coerce.number().int().positive() });
const tags = ['training reports'];

/**
 * The training report cycle on an assessment (training-report.md): the student's
 * self-assessment, the goals, the sign-off. Registered under /assessments.
 */
export async function trainingReportAssessmentRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/:id/self-assessment/',
    { schema: { tags, params, response: { 200: selfAssessmentSchema } } },
    async (request) => readableSelfAssessment(db(), requireActor(request), request.params.id),
  );

  route.patch(
    '/:id/self-assessment/',
    {
      schema: { tags, params, body: selfAssessmentPatch, response: { 200: selfAssessmentSchema } },
    },
    async (request) => {
      const actor = requireActor(request);
      const header = await reportHeader(db(), actor, request.params.id);
      authorizeSelfAssessmentWrite(actor, header?.target);
      await writeSelfAssessment(db(), actor, header!, request.body);
      return readableSelfAssessment(db(), actor, request.params.id);
    },
  );

  route.post(
    '/:id/self-assessment/submit/',
    {
      schema: {
        tags,
        params,
        body: z.strictObject({ version: z.number().int().positive().optional() }).nullish(),
        response: { 200: selfAssessmentSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const header = await reportHeader(db(), actor, request.params.id);
      authorizeSelfAssessmentWrite(actor, header?.target);
      await submitSelfAssessment(db(), actor, header!, request.body?.version);
      return readableSelfAssessment(db(), actor, request.params.id);
    },
  );

  route.get(
    '/:id/goals/',
    { schema: { tags, params, response: { 200: goalsSchema } } },
    async (request) => readableGoals(db(), requireActor(request), request.params.id),
  );

  route.post(
    '/:id/goals/',
    { schema: { tags, params, body: newGoalBody, response: { 201: goalSchema } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const header = await reportHeader(db(), actor, request.params.id);
      authorizeGoalWrite(actor, header?.target);
      const id = await addGoal(db(), actor, request.params.id, request.body);
      return reply.code(201).send(presentGoal((await readGoal(db(), id))!));
    },
  );

  route.post(
    '/:id/sign/',
    {
      config: { access: 'sessionOrToken', rateLimit: 'signing' },
      schema: { tags, params, body: signBody.nullish(), response: { 200: assessmentDetailSchema } },
    },
    async (request) => {
      const id = request.params.id;
      const comment = request.body?.comment ?? '';
      if (!request.actor) {
        // a legal representative without a login, by the link mailed to them
        const link = await liveSignLink(db(), request.body?.token, id);
        const actor = representativeActor(link);
        const role = authorizeSigning(actor, await readAssessmentHeader(db(), id, actor));
        const signer = { userId: null, profileId: link.representative_id, linkId: link.id };
        await signReport(db(), signer, id, role, comment);
        return readableDetail(db(), actor, id);
      }
      const actor = requireActor(request);
      const role = authorizeSigning(actor, await readAssessmentHeader(db(), id, actor));
      await signReport(
        db(),
        { userId: actor.userId, profileId: actor.profileId! },
        id,
        role,
        comment,
      );
      return readableDetail(db(), actor, id);
    },
  );

  route.post(
    '/:id/sign-link/',
    {
      config: { rateLimit: 'invitation' },
      schema: {
        tags,
        params,
        body: z.strictObject({}).nullish(),
        response: { 200: sendSignLinkSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const id = request.params.id;
      authorizeSignLinkResend(actor, await reportHeader(db(), actor, id));
      const origin = publicOrigin(app.deps.config, request);
      const sent = await sendSignLinksAgain(db(), actor, id, origin);
      app.outbox.wake();
      return { sent };
    },
  );
}

/**
 * The live sign link of `token` for the report `assessmentId` (any report when omitted); 404
 * `signLinkInvalid` when used, expired, replaced or for another report, 401 without a token.
 */
async function liveSignLink(db: AppDb, token: string | undefined, assessmentId?: number) {
  if (!token) throw unauthenticated();
  const link = await readLiveSignLink(db, hashToken(token), new Date());
  if (!link || (assessmentId !== undefined && link.assessment_id !== assessmentId))
    throw new AppError(404, 'signLinkInvalid');
  return link;
}

/**
 * POST /training-reports/sign-link/ and `pdf/`: what a sign link leads to, without signing in:
 * the report as its legal representative reads it, and its PDF. Registered under
 * /training-reports.
 */
export async function signLinkRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const config = { access: 'public', rateLimit: 'signing' } as const;

  route.post(
    '/sign-link/',
    {
      config,
      schema: {
        tags,
        body: signLinkBody,
        response: { 200: z.object({ detail: assessmentDetailSchema, expires_at: z.string() }) },
      },
    },
    async (request) => {
      const link = await liveSignLink(db(), request.body.token);
      const detail = await readableDetail(db(), representativeActor(link), link.assessment_id);
      return { detail, expires_at: new Date(link.expires_at).toISOString() };
    },
  );

  route.post(
    '/sign-link/pdf/',
    { config, schema: { tags: ['exports'], body: signLinkBody, produces: [PDF] } },
    async (request, reply) => {
      const link = await liveSignLink(db(), request.body.token);
      const actor = representativeActor(link);
      const detail = await readableDetail(db(), actor, link.assessment_id);
      const l = exportLocale(request.locale);
      const file = await app.exports.render({
        kind: 'assessment-pdf',
        locale: l.locale,
        now: new Date().toISOString(),
        detail,
        instructors: await readInstructorNames(db(), link.assessment_id),
        record: await readableTrainingReport(db(), actor, detail),
      });
      return download(reply, PDF, `${assessmentTitle(l, detail)}.pdf`).send(file);
    },
  );
}

const OWN_FIELDS = ['goal', 'measure', 'due_date', 'responsible'] as const;

/** PATCH/DELETE /goals/{id}/; registered under /goals. */
export async function goalRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  /**
   * The reports a goal write acts on, each authorized: the goal's own report for its fields,
   * the next report of the student (where it is carried) for its review.
   */
  async function authorizedReports(actor: Actor, goalId: number, patch: Record<string, unknown>) {
    const goal = await readGoal(db(), goalId);
    if (!goal) throw notFound();
    const reviews = patch['review_status'] !== undefined || patch['review_comment'] !== undefined;
    const own = OWN_FIELDS.some((field) => patch[field] !== undefined) || !reviews;
    const reports: number[] = [];
    if (own) {
      const header = await readAssessmentHeader(db(), goal.assessment_id, actor);
      authorizeGoalWrite(actor, header?.target);
      reports.push(goal.assessment_id);
    }
    if (reviews) {
      const next = await readNextReport(db(), goal.assessment_id);
      if (!next) {
        const header = await readAssessmentHeader(db(), goal.assessment_id, actor);
        authorizeAssessment(actor, 'writeTrainingGoals', header?.target);
        throw conflict('goalNotCarried');
      }
      const header = await readAssessmentHeader(db(), next.id, actor);
      authorizeGoalWrite(actor, header?.target);
      reports.push(next.id);
    }
    return { goal, reports };
  }

  route.patch(
    '/:id/',
    { schema: { tags, params, body: goalPatch, response: { 200: goalSchema } } },
    async (request) => {
      const actor = requireActor(request);
      const { goal, reports } = await authorizedReports(actor, request.params.id, request.body);
      await changeGoal(db(), actor, goal, reports, request.body);
      return presentGoal((await readGoal(db(), goal.id))!);
    },
  );

  route.delete(
    '/:id/',
    { schema: { tags, params, response: { 204: z.null() } } },
    async (request, reply) => {
      const actor = requireActor(request);
      const { goal } = await authorizedReports(actor, request.params.id, {});
      await deleteGoal(db(), actor, goal);
      return reply.code(204).send(null);
    },
  );
}

/** GET /training-reports/due/ and /training-reports/awaiting/; registered under /training-reports. */
export async function trainingReportRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  route.get(
    '/due/',
    { schema: { tags, querystring: dueReportsQuery, response: { 200: dueReportsSchema } } },
    async (request) => {
      const actor = requireActor(request);
      requirePermission(actor, 'listDueReports');
      const { limit, offset, ...filters } = request.query;
      const units = await readUnitChoices(db(), reachOf(actor, 'listDueReports'));
      const scope = dueReportsScope(actor, filters.unit ?? units[0]?.id);
      const today = swissDay(new Date());
      const semester = filters.semester ?? semesterCode(today);
      const filter = { ...filters, ...scope, semester: semesterSpan(semester) };
      const [found, choices] = await Promise.all([
        readDueReports(db(), filter, today, { limit, offset }),
        readDueReportChoices(db(), filter),
      ]);
      return presentDueReports({ units, semester, filter, found, choices });
    },
  );

  route.get(
    '/awaiting/',
    { schema: { tags, response: { 200: awaitingSchema } } },
    async (request) => {
      const actor = requireActor(request);
      if (actor.profileId === null) return { self_assessments: [], signatures: [] };
      const reach = reachOf(actor, 'signTrainingReport');
      return readAwaiting(db(), actor.profileId, reach);
    },
  );
}
