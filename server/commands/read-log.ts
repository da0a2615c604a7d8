import { sql } from 'drizzle-orm';
import type { ReadKind } from '../../domain/schemas/read-log.ts';
import type { Queryable } from '../db/client.ts';
import type { Actor } from '../policies/actor.ts';

/** The same reader opening the same page again within this window is one read. */
const SAME_READ_MS = 10 * 60_000;
const PAGES: ReadonlySet<ReadKind> = new Set([
  'assessment',
  'grade_summary',
  'students_at_risk',
  'progression_map',
]);

export interface Read {
  studentId: number;
  /** the assessment read, the cohort of a ZIP, the module of a progression map */
  objectId: number | null;
}

/**
 * Records who read a student's grades (the read log the student, their legal representatives
 * and admins see), in the request that reads them. A student reading their own is not recorded;
 * a page read again by the same person within 10 minutes is recorded once (per process), a file
 * every time it leaves.
 */
export class ReadLog {
  private readonly recent = new Map<string, number>();

  async record(q: Queryable, actor: Actor, kind: ReadKind, reads: Read[], now = Date.now()) {
    const fresh = reads.filter(
      (read) => read.studentId !== actor.profileId && this.isNew(actor, kind, read, now),
    );
    if (fresh.length === 0) return;
    await q.execute(sql`insert into read_log (reader_user_id, student_id, kind, object_id, at)
      select ${actor.userId}::int, student_id, ${kind}, object_id, ${new Date(now).toISOString()}
      from unnest(${sql.param(fresh.map((r) => r.studentId))}::int[],
        ${sql.param(fresh.map((r) => r.objectId))}::int[]) as r(student_id, object_id)`);
  }

  private isNew(actor: Actor, kind: ReadKind, read: Read, now: number): boolean {
    if (!PAGES.has(kind)) return true;
    const key = `${actor.userId}:${kind}:${read.studentId}:${read.objectId}`;
    const last = this.recent.get(key);
    if (last !== undefined && now - last < SAME_READ_MS) return false;
    if (this.recent.size > 10_000) this.forgetBefore(now - SAME_READ_MS);
    this.recent.set(key, now);
    return true;
  }

  private forgetBefore(limit: number) {
    for (const [key, at] of this.recent) if (at < limit) this.recent.delete(key);
  }
}
