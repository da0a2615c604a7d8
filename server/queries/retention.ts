import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

export interface ErasableRow {
  id: number;
  first_name: string;
  last_name: string;
  /** the day their last module ended (or began, or their assessment last changed) */
  last_end: string;
}

/**
 * The students whose last module ended before `cutoff` (an ISO day), not yet erased, those whose
 * retention ran out longest ago first; `only` narrows to one student.
 */
export function readErasable(q: Queryable, cutoff: string, only?: number) {
  return rowsOf<ErasableRow>(
    q,
    sql`select p.id, p.first_name, p.last_name,
        max(coalesce(m.end_date, m.start_date, to_char(a.updated_at, 'YYYY-MM-DD'))) as last_end
      from profiles p
        join assessments a on a.student_id = p.id
        join modules m on m.id = a.module_id
      where p.erased_at is null ${only === undefined ? sql`` : sql`and p.id = ${only}`}
      group by p.id
      having max(coalesce(m.end_date, m.start_date, to_char(a.updated_at, 'YYYY-MM-DD'))) < ${cutoff}
      order by last_end, p.id`,
  );
}

/** The first day still inside the retention: `years` before `now`. */
export function retentionCutoff(years: number, now: Date): string {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff.toISOString().slice(0, 10);
}
