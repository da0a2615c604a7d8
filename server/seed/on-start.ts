import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../auth/passwords.ts';
import type { Config } from '../config.ts';
import type { Database, Tx } from '../db/client.ts';
import { auditTrail, units, users } from '../db/schema/index.ts';
import { DEFAULT_DEMO_PASSWORD, DEMO_LOGINS, type DemoLogin } from './demo-logins.ts';
import { ensureFirstAdmin } from './first-admin.ts';
import { DEMO_STEPS, type SeedContext } from './steps.ts';

export interface SeedReport {
  /** the demo logins and their password, when this start seeded the demo data */
  demo: { logins: DemoLogin[]; password: string } | null;
  /** the ADMIN_EMAIL login, when configured; created tells whether this start created it */
  admin: { email: string; created: boolean } | null;
}

// any constant: serialises concurrent starts of several server processes on one database
const SEED_LOCK = 4_213_570;

/**
 * Seeds at start, in one transaction: the demo data on an empty database (unless SEED_DEMO=false)
 * and the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when no user has that address.
 */
export async function seedOnStart(input: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<SeedReport> {
  const { config, log } = input;
  const now = input.now ?? new Date();
  const demoPassword = config.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
  // argon2 is slow by design: hash outside the transaction, once for all demo logins
  const demoPasswordHash = config.SEED_DEMO ? await hashPassword(demoPassword) : '';
  const adminHash = config.ADMIN_PASSWORD ? await hashPassword(config.ADMIN_PASSWORD) : '';

  return input.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const report: SeedReport = { demo: null, admin: null };
    if (config.SEED_DEMO && (await isEmpty(tx))) {
      const context: SeedContext = {
        tx,
        config,
        log,
        now,
        demoPasswordHash,
        world: { units: [], staff: [], students: [] },
      };
      for (const step of DEMO_STEPS) {
        await step.run(context);
        log.info({ step: step.name }, 'demo data seeded');
      }
      await tx.insert(auditTrail).values({
        actorUserId: null,
        action: 'seed_demo',
        entity: 'database',
        entityId: null,
        newValue: { steps: DEMO_STEPS.map((s) => s.name) },
      });
      report.demo = { logins: DEMO_LOGINS, password: demoPassword };
    }
    if (config.ADMIN_EMAIL) {
      const created = await ensureFirstAdmin(tx, config.ADMIN_EMAIL, adminHash);
      if (created) log.info('first admin created');
      report.admin = { email: config.ADMIN_EMAIL, created };
    }
    return report;
  });
}

async function isEmpty(tx: Tx): Promise<boolean> {
  const [u] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
  const [un] = await tx.select({ n: sql<number>`count(*)::int` }).from(units);
  return u!.n === 0 && un!.n === 0;
}
