import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from './client.ts';

/**
 * Runs independent reads together on the pool (one round trip of waiting instead of several);
 * inside a transaction, which holds a single connection, one after the other.
 */
export async function readTogether<T extends readonly unknown[]>(
  db: Queryable,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (db instanceof PgTransaction) {
    const out: unknown[] = [];
    for (const read of reads) out.push(await read());
    return out as unknown as T;
  }
  return Promise.all(reads.map((read) => read())) as unknown as Promise<T>;
}
