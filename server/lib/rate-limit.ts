import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/client.ts';
import { rowsCompiledOnce } from '../db/rows.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { tooManyRequests } from './errors.ts';

interface Limit {
  /** requests per window, per client address and per account */
  perAddress: number;
  perAccount: number;
  windowMs: number;
}

const HOUR = 3_600_000;

/**
 * What sends mail or costs heavy work, limited per client address and per account (the signed-in
 * person, or for a reset request the address typed, known or not, so the limit tells nothing of
 * who exists). Counted in the database: every process shares the same counts.
 */
export const RATE_LIMITS = {
  /** a handful of reset mails per address typed, whatever is asked */
  passwordReset: { perAddress: 20, perAccount: 3, windowMs: HOUR },
  invitation: { perAddress: 120, perAccount: 60, windowMs: HOUR },
  /** PDFs and spreadsheets, one at a time */
  export: { perAddress: 2000, perAccount: 800, windowMs: 10 * 60_000 },
  /** a cohort's ZIP: every student's summary in one request */
  cohortExport: { perAddress: 30, perAccount: 10, windowMs: 10 * 60_000 },
  import: { perAddress: 60, perAccount: 30, windowMs: HOUR },
  /** second-factor ceremonies (a QR code, a WebAuthn challenge); wrong codes are throttled apart */
  secondFactor: { perAddress: 300, perAccount: 60, windowMs: 15 * 60_000 },
  /** unsubscribe links, followed without signing in: guessing tokens is slowed down */
  unsubscribe: { perAddress: 30, perAccount: 30, windowMs: HOUR },
  /** sign-offs, and the sign links followed without signing in (token guessing slowed down) */
  signing: { perAddress: 120, perAccount: 60, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

type RateLimitName = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitName;
  }
}

/** Counters older than this are deleted when a new window starts. */
const KEEP_COUNTERS_MS = 24 * HOUR;

/**
 * Counts one request against each key in the current window, in one atomic upsert (one round
 * trip and one commit for the address and the account), so concurrent requests on several
 * processes are counted exactly.
 */
const countRequest = rowsCompiledOnce<
  { key: string; count: number },
  { keys: string[]; windowStart: string }
>(sql`
  insert into rate_limit_counters (key, window_start, count)
  select key, ${sql.placeholder('windowStart')}::timestamptz, 1
  from unnest(${sql.placeholder('keys')}::text[]) as key
  on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
  returning key, count`);

/**
 * Counts one request against each key's limit in the current window of `windowMs`; throws 429
 * with Retry-After once a window holds more than its limit.
 */
async function consumeRateLimits(
  db: Queryable,
  limits: ReadonlyMap<string, number>,
  windowMs: number,
  now = new Date(),
): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const counts = await countRequest(db, {
    keys: [...limits.keys()],
    windowStart: windowStart.toISOString(),
  });
  if (counts.some(({ count }) => count === 1)) await pruneOldCounters(db, now);
  if (counts.some(({ key, count }) => count > limits.get(key)!)) {
    const wait = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
    throw tooManyRequests(Math.max(1, wait));
  }
}

async function pruneOldCounters(db: Queryable, now: Date): Promise<void> {
  const before = new Date(now.getTime() - KEEP_COUNTERS_MS).toISOString();
  await db.execute(
    sql`delete from ${rateLimitCounters} where window_start < ${before}::timestamptz`,
  );
}

/** The account a limited request counts against: the signed-in user, else the address typed. */
function accountOf(request: FastifyRequest): string | undefined {
  if (request.actor) return `user:${request.actor.userId}`;
  const typed = (request.body as { email?: unknown } | undefined)?.email;
  return typeof typed === 'string' ? `email:${typed.trim().toLowerCase()}` : undefined;
}

/**
 * Applies a route's `config.rateLimit` once its body is validated and its caller known. Only the
 * limited routes carry the hook: the others, nearly every request, skip it.
 */
export const rateLimits = fp(async (app: FastifyInstance) => {
  const db = app.deps.database.db;
  app.addHook('onRoute', (route) => {
    const name = route.config?.rateLimit;
    if (!name) return;
    const limit: Limit = RATE_LIMITS[name];
    const consume = async (request: FastifyRequest) => {
      const limits = new Map([[`${name}:ip:${request.ip}`, limit.perAddress]]);
      const account = accountOf(request);
      if (account) limits.set(`${name}:${account}`, limit.perAccount);
      await consumeRateLimits(db, limits, limit.windowMs);
    };
    // before the route's own, as a global hook would run
    route.preHandler = [consume, ...[route.preHandler ?? []].flat()];
  });
});
