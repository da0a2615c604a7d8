import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createEmbeddedCluster, openDatabase } from './client.ts';
import { rowsOf } from './rows.ts';
import { keepStatisticsFresh } from './statistics.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'vet-embedded-'));
const dataDir = path.join(dir, 'pglite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('creates the cluster in an empty folder, then opens it with the embedded settings', async () => {
  await createEmbeddedCluster(dataDir);
  expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

  const database = openDatabase({ dataDir });
  const settings = await rowsOf<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
  expect(settings[0]!.shared_buffers).toBe('32MB');
  await database.db.execute(sql`create table kept (id int)`);
  await database.db.execute(sql`insert into kept values (7)`);
  await database.close();

  // a folder that holds a cluster keeps its data
  await createEmbeddedCluster(dataDir);
  const reopened = openDatabase({ dataDir });
  const kept = await rowsOf<{ id: number }>(reopened.db, sql`select id from kept`);
  expect(kept).toEqual([{ id: 7 }]);
  await reopened.close();
}, 60_000);

it('keeps the embedded planner statistics without autovacuum: at start and then on a timer', async () => {
  const database = openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`create table counted (id int)`);
  await database.db.execute(sql`insert into counted select generate_series(1, 5000)`);
  const estimate = async () =>
    (
      await rowsOf<{ reltuples: number }>(
        database.db,
        sql`select reltuples::int as reltuples from pg_class where relname = 'counted'`,
      )
    )[0]!.reltuples;
  expect(await estimate()).toBeLessThan(0); // never analyzed
  const stop = await keepStatisticsFresh(database, 50);
  expect(await estimate()).toBe(5000);
  await database.db.execute(sql`insert into counted select generate_series(1, 5000)`);
  await expect.poll(estimate, { timeout: 5000 }).toBe(10_000);
  stop();
  await database.close();
}, 60_000);
