import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { badRequest } from '../lib/errors.ts';
import type { Actor } from '../policies/actor.ts';
import { readErasable, retentionCutoff } from '../queries/retention.ts';
import { recordAudit } from './audit.ts';

/** What an erased person's names become: no one's name, the same for everyone. */
const ERASED_NAME = '—';

/**
 * Erases a student after retention (docs/operations.md), in one transaction: their personal
 * fields are replaced, their login goes (with its sessions, links and devices), their links to
 * other people, the mails to them, the log of reads of their grades and every free text about
 * them (remarks, comments) are removed, and the audit trail keeps no value of theirs. What stays
 * is anonymous: the assessments with their levels and grades, for the statistics.
 */
export async function eraseProfile(
  db: Db,
  actor: Actor,
  profileId: number,
  retentionYears: number,
  now = new Date(),
) {
  const [erasable] = await readErasable(db, retentionCutoff(retentionYears, now), profileId);
  if (!erasable) throw badRequest('profile', 'notErasable', [retentionYears]);
  await db.transaction(async (tx) => {
    const [person] = await rowsOf<{ user_id: number | null; email: string | null }>(
      tx,
      sql`select p.user_id, coalesce(u.email, p.email) as email
        from profiles p left join users u on u.id = p.user_id where p.id = ${profileId}
        for update of p`,
    );
    const user = person?.user_id ?? 0;
    const email = person?.email ?? '';
    const assessments = sql`(select id from assessments where student_id = ${profileId})`;
    await tx.execute(sql`delete from mail_outbox where lower(recipient) = lower(${email})`);
    await tx.execute(sql`delete from login_failures where lower(email) = lower(${email})`);
    await tx.execute(sql`delete from read_log where student_id = ${profileId}`);
    await tx.execute(sql`delete from notifications
      where student_id = ${profileId} or recipient_id = ${profileId}`);
    await tx.execute(sql`delete from notification_preferences where profile_id = ${profileId}`);
    await tx.execute(sql`delete from falling_grades where student_id = ${profileId}`);
    await tx.execute(sql`delete from risk_reasons where student_id = ${profileId}`);
    await tx.execute(sql`delete from risk_students where student_id = ${profileId}`);
    await tx.execute(sql`delete from legal_representatives
      where student_id = ${profileId} or representative_id = ${profileId}`);
    // the audit trail: no value of the person's own records, no free text of their assessments
    await tx.execute(sql`update audit_trail set old_value = null, new_value = null
      where (entity = 'profile' and entity_id = ${profileId})
        or (entity = 'user' and entity_id = ${user})
        or (entity = 'assignment' and (new_value->>'profile' = ${String(profileId)}
          or old_value->>'profile' = ${String(profileId)}))`);
    await tx.execute(sql`update audit_trail
      set old_value = old_value - 'text' - 'comment', new_value = new_value - 'text' - 'comment'
      where (entity = 'assessment' and entity_id in ${assessments})
        or (entity = 'criterion_evaluation' and entity_id in
          (select id from criterion_evaluations where assessment_id in ${assessments}))
        or (entity = 'block_evaluation' and entity_id in
          (select id from block_evaluations where assessment_id in ${assessments}))`);
    await tx.execute(sql`update criterion_evaluations set text = null
      where assessment_id in ${assessments}`);
    await tx.execute(sql`update block_evaluations set comment = ''
      where assessment_id in ${assessments}`);
    await tx.execute(sql`update assessments set comment = '' where student_id = ${profileId}`);
    // the training report cycle: their own words and those written about them
    await tx.execute(sql`delete from self_assessments where assessment_id in ${assessments}`);
    await tx.execute(sql`delete from sign_links
      where representative_id = ${profileId} or assessment_id in ${assessments}`);
    await tx.execute(sql`update training_goals set goal = '', measure = '', review_comment = ''
      where assessment_id in ${assessments}`);
    await tx.execute(sql`update signatures set comment = ''
      where profile_id = ${profileId} or assessment_id in ${assessments}`);
    await tx.execute(sql`update audit_trail set old_value = null, new_value = null
      where (entity = 'self_assessment' and entity_id in ${assessments})
        or (entity = 'training_goal' and entity_id in
          (select id from training_goals where assessment_id in ${assessments}))`);
    await tx.execute(sql`update profiles set first_name = ${ERASED_NAME},
        last_name = ${ERASED_NAME}, email = null, birth_date = null, user_id = null,
        status = 'ARCHIVED', erased_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
      where id = ${profileId}`);
    if (user) await tx.execute(sql`delete from users where id = ${user}`);
    await recordAudit(tx, actor, { action: 'erase', entity: 'profile', entityId: profileId });
  });
}
