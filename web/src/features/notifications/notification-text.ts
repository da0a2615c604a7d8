import type { Locale } from '../../../../domain/constants.ts';
import type { NotificationItem } from '../../../../domain/schemas/notifications.ts';
import { formatGrade, formatNumber } from '../../shared/grade-format.ts';
import type { Translate } from '../../shared/i18n.ts';

/** What a notification says, in the reader's language: who, which module, which grade. */
export function notificationText(t: Translate, locale: Locale, item: NotificationItem): string {
  const { params } = item;
  const student = `${item.student.first_name} ${item.student.last_name}`;
  const values = {
    student,
    module: params.module_name ?? '—',
    grade: formatGrade(params.grade, locale),
    type: params.module_type ? t(`enums.moduleType.${params.module_type}`) : '—',
    recent: formatNumber(params.recent_mean, locale),
    previous: formatNumber(params.previous_mean, locale),
  };
  const key = item.kind === 'ASSESSMENT_VALIDATED' && params.grade ? 'gradedValidation' : item.kind;
  return t(`notifications.text.${key}`, values);
}
