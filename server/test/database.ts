import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { adminQuery, withDatabase } from './global-setup.ts';

/** A fresh, migrated database for one test file: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `vet_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const database = openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      ...database,
      close: async () => {
        await database.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const client = new PGlite({ loadDataDir: new Blob([dump]) });
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', migrate: async () => {}, close: () => client.close() };
}
