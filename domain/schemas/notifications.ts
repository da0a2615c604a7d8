import { z } from 'zod';
import { MAIL_FREQUENCIES, NOTIFICATION_KINDS } from '../constants.ts';
import { pagingQuery } from './page.ts';

export const notificationsQuery = z.object({
  /** only the unread ones */
  unread: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  ...pagingQuery,
});

/** One message of the inbox, with what it says as it was when it happened. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** the student it is about; null for a reminder about several */
  student: z
    .object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })
    .nullable(),
  assessment_id: z.number().int().nullable(),
  /**
   * module_name, module_type, grade; for AT_RISK: reason, recent_mean, previous_mean; for
   * DUE_REPORTS: reports, semester_start, semester_end
   */
  params: z.record(z.string(), z.string().nullable()),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** A person's mail frequency for each kind their roles can receive. */
export const notificationPreferencesSchema = z.partialRecord(
  z.enum(NOTIFICATION_KINDS),
  z.enum(MAIL_FREQUENCIES),
);
export const notificationPreferencesPatch = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.enum(MAIL_FREQUENCIES).optional()])),
) as z.ZodType<
  Partial<Record<(typeof NOTIFICATION_KINDS)[number], (typeof MAIL_FREQUENCIES)[number]>>
>;

export const unsubscribeBody = z.strictObject({ token: z.string().trim().min(1).max(100) });
export const unsubscribedSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS) });
