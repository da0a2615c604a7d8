import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import type { RiskReasonItem } from '../../../domain/schemas/at-risk.ts';
import { formatDay } from '../shared/date-format.ts';
import { formatGrade, formatNumber } from '../shared/grade-format.ts';
import { useTranslation, type Translate } from '../shared/i18n.ts';
import type { Locale } from '../../../domain/constants.ts';
import { useLocalePath } from '../shared/use-locale-path.ts';

/** What a reason says, with its figures in the reader's language. */
function reasonText(t: Translate, locale: Locale, reason: RiskReasonItem): string {
  return t(`atRisk.reason.${reason.reason}`, {
    grade: formatGrade(reason.grade, locale),
    module: reason.module_name ?? '—',
    type: reason.module_type ? t(`enums.moduleType.${reason.module_type}`) : '—',
    recent: formatNumber(reason.recent_mean, locale),
    previous: formatNumber(reason.previous_mean, locale),
    start: reason.semester_start ? formatDay(reason.semester_start, locale) : '—',
    end: reason.semester_end ? formatDay(reason.semester_end, locale) : '—',
  });
}

/** A student's reasons, each leading to its source: the assessment, else the grade summary. */
export function RiskReasons({
  reasons,
  studentId,
}: {
  reasons: RiskReasonItem[];
  studentId: number;
}) {
  const { t, locale } = useTranslation();
  const { to } = useLocalePath();
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {reasons.map((reason, index) => (
        <li key={`${reason.reason}-${reason.assessment_id ?? index}`}>
          <Link
            component={RouterLink}
            to={to(
              reason.assessment_id === null
                ? `/profiles/${studentId}/grade-summary`
                : `/assessments/${reason.assessment_id}`,
            )}
          >
            {reasonText(t, locale, reason)}
          </Link>
          {reason.group && (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' '}
              ({reason.group.name})
            </Box>
          )}
        </li>
      ))}
    </Box>
  );
}
