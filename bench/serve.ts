/**
 * Our real server for the benchmark: buildApp on PostgreSQL, no demo data, quiet logs.
 *   DATABASE_URL=postgres://… PORT=0 node bench/serve.ts   → prints "LISTENING <port>"
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { answerHeapAllocations } from './heap-meter.ts';

const config = loadConfig({
  ...process.env,
  SEED_DEMO: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  APP_ENV: 'bench',
});
const database = openDatabase({ databaseUrl: config.DATABASE_URL });
const app = await buildApp({ config, database, mailer: { send: async () => {} } });
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
answerHeapAllocations();
console.log(`LISTENING ${(app.server.address() as AddressInfo).port}`);
