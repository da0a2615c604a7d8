import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * Drizzle without its relational query API (`db.query.…`), which nothing uses: given the schema,
 * drizzle built a query builder per table for every transaction, a tenth of a criterion PATCH's
 * CPU.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either the database or a transaction: what a command runs its queries on. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory for `memory://`). */
export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? 'memory://');
}

function openPostgres(connectionString: string): Database {
  // while the database is away a request waits at most this long for a connection, then gets a 503
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 1500,
    // short queries only: PostgreSQL's JIT compiles a query its estimate calls costly (a join over
    // every profile before the statistics know better) for ~8 ms, longer than the query itself
    options: '-c jit=off',
  });
  // an idle connection dropped by the server (restart, DROP DATABASE … FORCE) must not crash the process;
  // the pool replaces it and the next query reports a real failure
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    // drizzle's migrator applies every pending migration inside one transaction
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** The extensions the migrations create, which PGlite loads on demand. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The embedded database holds one school's data: 32 MB of shared buffers (PostgreSQL's 128 MB
 * default lives in the process's WebAssembly memory) keep its hot pages, the operating system's
 * file cache the rest. `bench/footprint.ts` measures the difference.
 */
const EMBEDDED_SETTINGS = ['shared_buffers = 32MB'];

/**
 * Creates the database cluster in an empty folder with PGlite's defaults and closes it: created
 * with settings, PGlite keeps its initdb's working memory (~300 MB) for the life of the process.
 */
export async function createEmbeddedCluster(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  await client.close();
}

function openPglite(dataDir: string): Database {
  const embedded = !dataDir.startsWith('memory://');
  if (embedded) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, {
    extensions: PGLITE_EXTENSIONS,
    ...(embedded ? { postgresqlconf: EMBEDDED_SETTINGS } : {}),
  });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
