import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rowsCompiledByShape, rowsOf } from '../db/rows.ts';
import type { Actor } from '../policies/actor.ts';
import {
  assessmentListWhere,
  listReachOf,
  type ListReachShape,
  type ListReachValues,
} from '../policies/assessments.ts';
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

/** What changes the text of the progression's students: the reader's reach and the filters. */
interface StudentsShape {
  reach: ListReachShape;
  group: boolean;
  cohort: boolean;
}

/** The module's students the reader may read, compiled once for each shape. */
const studentRows = rowsCompiledByShape<
  StudentRow,
  ListReachValues & { moduleId: number; group: number; cohort: number },
  StudentsShape
>((shape) => {
  const group = shape.group ? sql`and assessments.group_id = ${sql.placeholder('group')}` : sql``;
  const cohort = shape.cohort
    ? sql`and assessments.student_id in (select student_id from cohort_students
        where cohort_id = ${sql.placeholder('cohort')})`
    : sql``;
  return sql`select assessments.id as assessment_id, assessments.student_id, p.first_name,
      p.last_name, assessments.group_id
    from assessments join profiles p on p.id = assessments.student_id
    where assessments.module_id = ${sql.placeholder('moduleId')}
      and (${assessmentListWhere(shape.reach)}) ${group} ${cohort}`;
});

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
  const reach = listReachOf(actor);
  const shape = {
    reach: reach.shape,
    group: filter.group !== undefined,
    cohort: filter.cohort !== undefined,
  };
  const students = await studentRows(q, shape, {
    ...reach.values,
    moduleId,
    group: filter.group ?? 0,
    cohort: filter.cohort ?? 0,
  });
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
