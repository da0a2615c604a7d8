import type { ReadLogEntry } from '../../domain/schemas/read-log.ts';
import type { ReadLogRow } from '../queries/read-log.ts';

/** One read as the read log shows it. */
export const presentRead = (row: ReadLogRow): ReadLogEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  reader: row.reader,
  kind: row.kind,
  object: row.object,
});
