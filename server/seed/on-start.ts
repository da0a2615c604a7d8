import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

/** Seeds an empty database at start (demo data unless SEED_DEMO=false; the first admin). */
export async function seedOnStart(_input: { config: Config; database: Database; log: FastifyBaseLogger }): Promise<void> {
  // filled in by the seed work: demo data and the first admin
}
