import type { Translate } from '../../shared/i18n.ts';

/** The most unread notifications the bell's badge counts; above, it shows "99+". */
export const BELL_BADGE_MAX = 99;

/**
 * The bell link's name: the unread count, or "more than 99" when the badge shows "99+", so the
 * number on the badge is in the name (WCAG 2.5.3, label in name).
 */
export const bellName = (t: Translate, unread: number) =>
  unread > BELL_BADGE_MAX
    ? t('notifications.bellMore', { max: BELL_BADGE_MAX })
    : t('notifications.bell', { count: unread });
