import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

export interface HistoryRow {
  id: number;
  at: Date | string;
  action: string;
  entity: 'assessment' | 'block_evaluation' | 'criterion_evaluation';
  target: string | null;
  old_value: Record<string, unknown> | null;
  new_value: Record<string, unknown> | null;
  actor: string | null;
}

/**
 * The audit rows of one assessment (the assessment itself, its block and criterion evaluations),
 * each with the name of its block or criterion: the evaluations are looked up first, so the
 * audit trail is read through its (entity, entity_id) index.
 */
const targetsOf = (assessmentId: number) => sql`(
    select 'assessment' as entity, ${assessmentId}::int as id, null::text as name
    union all
    select 'block_evaluation', e.id, b.name
    from block_evaluations e join module_blocks b on b.id = e.block_id
    where e.assessment_id = ${assessmentId}
    union all
    select 'criterion_evaluation', e.id, c.name
    from criterion_evaluations e join module_criteria c on c.id = e.criterion_id
    where e.assessment_id = ${assessmentId}
  ) t`;

/** One page of an assessment's history, newest first, with the total; two queries. */
export async function readAssessmentHistory(
  q: Queryable,
  assessmentId: number,
  paging: { limit: number; offset: number },
) {
  const [rows, [total]] = await Promise.all([
    rowsOf<HistoryRow>(
      q,
      sql`select a.id, a.at, a.action, a.entity, t.name as target, a.old_value, a.new_value,
        coalesce(p.first_name || ' ' || p.last_name, s.first_name || ' ' || s.last_name) as actor
      from ${targetsOf(assessmentId)}
        join audit_trail a on a.entity = t.entity and a.entity_id = t.id
        left join profiles p on p.user_id = a.actor_user_id
        -- a sign-off by a mailed link has no login: the signer is the profile it names
        left join profiles s on a.action = 'sign' and a.actor_user_id is null
          and s.id = (a.new_value->>'profile')::int
      order by a.at desc, a.id desc
      limit ${paging.limit} offset ${paging.offset}`,
    ),
    rowsOf<{ count: number }>(
      q,
      sql`select count(*)::int as count
      from ${targetsOf(assessmentId)}
        join audit_trail a on a.entity = t.entity and a.entity_id = t.id`,
    ),
  ]);
  return { count: total?.count ?? 0, rows };
}

/** The names of a module's groups, for the moves of its assessments. */
export async function readGroupNames(q: Queryable, moduleId: number) {
  const rows = await rowsOf<{ id: number; name: string }>(
    q,
    sql`select id, name from assessment_groups where module_id = ${moduleId}`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}
