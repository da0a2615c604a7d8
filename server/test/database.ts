import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type Database, type Db } from '../db/client.ts';
import { adminQuery, withDatabase } from './global-setup.ts';

/** A fresh, migrated database for one test file: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export async function freshDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshPostgresDatabase();
    const database = openDatabase({ databaseUrl: fresh.url });
    return {
      ...database,
      close: async () => {
        await database.close();
        await fresh.drop();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const client = new PGlite({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  const db = drizzle(client) as unknown as Db;
  return { db, kind: 'pglite', migrate: async () => {}, close: () => client.close() };
}

/** A fresh migrated database on the PostgreSQL of TEST_DATABASE_URL: its URL, and how to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `vet_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  return {
    url: withDatabase(server, name),
    drop: () => adminQuery(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
