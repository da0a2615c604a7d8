import type { Locale } from '../../../../domain/constants.ts';
import type { NotificationItem } from '../../../../domain/schemas/notifications.ts';
import { formatDay } from '../../shared/date-format.ts';
import { formatGrade, formatNumber } from '../../shared/grade-format.ts';
import type { Translate } from '../../shared/i18n.ts';

/**
 * What a notification says, in the reader's language: who, which module, which grade; for a
 * reminder, how many reports of which semester.
 */
export function notificationText(t: Translate, locale: Locale, item: NotificationItem): string {
  const { params } = item;
  const values = {
    student: item.student ? `${item.student.first_name} ${item.student.last_name}` : '',
    module: params.module_name ?? '—',
    grade: formatGrade(params.grade, locale),
    type: params.module_type ? t(`enums.moduleType.${params.module_type}`) : '—',
    recent: formatNumber(params.recent_mean, locale),
    previous: formatNumber(params.previous_mean, locale),
    count: Number(params.reports ?? 0),
    start: params.semester_start ? formatDay(params.semester_start, locale) : '—',
    end: params.semester_end ? formatDay(params.semester_end, locale) : '—',
  };
  const key = item.kind === 'ASSESSMENT_VALIDATED' && params.grade ? 'gradedValidation' : item.kind;
  return t(`notifications.text.${key}`, values);
}
