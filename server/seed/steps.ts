import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../domain/constants.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { demoAssessments } from './demo-assessments.ts';
import { demoEarlyWarning } from './demo-early-warning.ts';
import { demoPeople } from './demo-people.ts';
import { demoTrainingReports } from './demo-training-reports.ts';

/** What the demo steps created so far, for the steps that follow (modules need units, people…). */
export interface DemoWorld {
  units: { id: number; name: string; code: string; language: Locale }[];
  /** Staff profiles by unit code; the demo logins are the first of their role in their unit. */
  staff: { profileId: number; userId: number | null; role: string; unitId: number }[];
  students: { profileId: number; userId: number | null; unitId: number; minor: boolean }[];
}

export interface SeedContext {
  tx: Tx;
  config: Config;
  log: FastifyBaseLogger;
  now: Date;
  /** The argon2id hash of the demo password, computed once for every demo login. */
  demoPasswordHash: string;
  world: DemoWorld;
}

export interface SeedStep {
  name: string;
  run(context: SeedContext): Promise<void>;
}

/**
 * The demo data, in order, all in one transaction on an empty database. Another area adds its
 * step here (e.g. templates, modules and assessments after the people).
 */
export const DEMO_STEPS: SeedStep[] = [
  demoPeople,
  demoAssessments,
  demoEarlyWarning,
  demoTrainingReports,
];
