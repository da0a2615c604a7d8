import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';

/**
 * Migrates one database per run that every test file then copies: a PGlite data dump, or a
 * PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `vet_template_${process.pid}`;
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const database = openDatabase({ databaseUrl: withDatabase(url, template) });
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }
  const database = openDatabase({});
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(tmpdir(), `vet-pglite-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}
