import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type {
  AssessmentHistoryEntry,
  HistoryField,
  HistoryValue,
} from '../../../../domain/schemas/assessment-history.ts';
import type { Locale } from '../../../../domain/constants.ts';
import { DisclosedPages } from '../../components/disclosed-pages.tsx';
import { formatMoment } from '../../shared/date-format.ts';
import { formatNumber } from '../../shared/grade-format.ts';
import { useTranslation, type Translate } from '../../shared/i18n.ts';

const NONE = '—';
const LONG_TEXT = 120;

/** A field's value as the page writes it: enums in words, grades in the reader's numbers. */
function shownValue(field: HistoryField, value: HistoryValue, t: Translate, locale: Locale) {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return NONE;
  if (Array.isArray(value)) return value.map((f) => t(`enums.progressionFlag.${f}`)).join(', ');
  if (typeof value === 'boolean') return t(`assessment.history.${value ? 'yes' : 'no'}`);
  const text = String(value);
  switch (field) {
    case 'evaluation':
      return t(`enums.evaluationLevel.${text}`);
    case 'trend':
      return t(`enums.trend.${text}`);
    case 'status':
      return t(`enums.assessmentStatus.${text}`);
    case 'grade':
      return formatNumber(text, locale);
    case 'text':
    case 'comment':
      return `«${text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT)}…` : text}»`;
    default:
      return text;
  }
}

function targetOf(entry: AssessmentHistoryEntry, t: Translate) {
  const { kind, name } = entry.target;
  return kind === 'assessment'
    ? t('assessment.history.assessment')
    : t(`assessment.history.${kind}`, { name: name ?? '' });
}

function Entry({ entry }: { entry: AssessmentHistoryEntry }) {
  const { t, locale } = useTranslation();
  return (
    <>
      <Typography component="p" sx={{ fontWeight: 500 }}>
        {t(`assessment.history.actions.${entry.action}`)} · {targetOf(entry, t)}
      </Typography>
      <Typography component="p" variant="body2" color="text.secondary">
        {t('assessment.history.by', {
          when: formatMoment(entry.at, locale),
          who: entry.actor ?? t('assessment.history.deletedAccount'),
        })}
      </Typography>
      {entry.changes.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {entry.changes.map((change) => (
            <Typography component="li" variant="body2" key={change.field}>
              {t('assessment.history.change', {
                field: t(`assessment.history.fields.${change.field}`),
                from: shownValue(change.field, change.from, t, locale),
                to: shownValue(change.field, change.to, t, locale),
              })}
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
}

/** The assessment's changes, who made them and when (its audit trail), opened on demand. */
export function AssessmentHistory({ assessmentId }: { assessmentId: number }) {
  const { t } = useTranslation();
  return (
    <DisclosedPages<AssessmentHistoryEntry>
      title={t('assessment.history.title')}
      intro={t('assessment.history.intro')}
      path={`/assessments/${assessmentId}/history/`}
      countLabel={(count) => t('assessment.history.count', { count })}
      moreLabel={t('assessment.history.more')}
      failedLabel={t('assessment.history.failed')}
      testId="history"
      renderItem={(entry) => <Entry entry={entry} />}
    />
  );
}
