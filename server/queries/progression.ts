import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import type { Actor } from '../policies/actor.ts';
import { assessmentListWhere } from '../policies/assessments.ts';
import { readFrozenTree } from './modules.ts';

interface StudentRow {
  assessment_id: number;
  student_id: number;
  first_name: string;
  last_name: string;
  group_id: number | null;
}

/**
 * The progression criteria of a module in the tree's order: each block's criteria, then its
 * sub-blocks', depth first, as the assessment page shows them.
 */
export async function readProgressionCriteria(q: Queryable, moduleId: number) {
  const { blocks, criteria } = await readFrozenTree(q, moduleId);
  const ordered: { id: number; name: string; block: string; reference: string | null }[] = [];
  const visit = (parentId: number | null) => {
    for (const block of blocks.filter((b) => b.parentId === parentId)) {
      for (const criterion of criteria.filter((c) => c.blockId === block.id && c.hasProgression))
        ordered.push({
          id: criterion.id,
          name: criterion.name,
          block: block.name,
          reference: block.reference || null,
        });
      visit(block.id);
    }
  };
  visit(null);
  return ordered;
}

/**
 * The module's assessments the actor may read (their own reach on assessments), narrowed to a
 * group or a cohort, with each one's progression flags by criterion.
 */
export async function readProgressionRows(
  q: Queryable,
  actor: Actor,
  moduleId: number,
  filter: { group?: number | undefined; cohort?: number | undefined },
) {
  const group =
    filter.group === undefined ? sql`` : sql`and assessments.group_id = ${filter.group}`;
  const cohort =
    filter.cohort === undefined
      ? sql``
      : sql`and assessments.student_id in (select student_id from cohort_students
          where cohort_id = ${filter.cohort})`;
  const students = await rowsOf<StudentRow>(
    q,
    sql`select assessments.id as assessment_id, assessments.student_id, p.first_name, p.last_name,
        assessments.group_id
      from assessments join profiles p on p.id = assessments.student_id
      where assessments.module_id = ${moduleId} and (${assessmentListWhere(actor)}) ${group} ${cohort}`,
  );
  const flags = await rowsOf<{
    assessment_id: number;
    criterion_id: number;
    progression: string[];
  }>(
    q,
    sql`select assessment_id, criterion_id, progression from criterion_evaluations
      where assessment_id = any(${sql.param(students.map((s) => s.assessment_id))}::int[])
        and jsonb_array_length(progression) > 0`,
  );
  return { students, flags };
}
