import { sql } from 'drizzle-orm';
import type { ReadKind } from '../../domain/schemas/read-log.ts';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

export interface ReadLogRow {
  id: number;
  at: Date | string;
  kind: ReadKind;
  reader: string | null;
  object: string | null;
}

/** One page of a student's read log, newest first, with the reader's name and what was read. */
export async function readReadLog(
  q: Queryable,
  studentId: number,
  paging: { limit: number; offset: number },
) {
  const [rows, [total]] = await Promise.all([
    rowsOf<ReadLogRow>(
      q,
      sql`select l.id, l.at, l.kind, p.first_name || ' ' || p.last_name as reader,
        coalesce(m.name, pm.name, c.name) as object
      from read_log l
        left join profiles p on p.user_id = l.reader_user_id
        left join assessments a
          on l.kind in ('assessment', 'assessment_pdf') and a.id = l.object_id
        left join modules m on m.id = a.module_id
        left join cohorts c on l.kind = 'cohort_zip' and c.id = l.object_id
        left join modules pm
          on l.kind in ('progression_map', 'progression_map_xlsx') and pm.id = l.object_id
      where l.student_id = ${studentId}
      order by l.at desc, l.id desc
      limit ${paging.limit} offset ${paging.offset}`,
    ),
    rowsOf<{ count: number }>(
      q,
      sql`select count(*)::int as count from read_log where student_id = ${studentId}`,
    ),
  ]);
  return { count: total?.count ?? 0, rows };
}
