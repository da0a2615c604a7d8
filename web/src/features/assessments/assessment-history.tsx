import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type {
  AssessmentHistoryEntry,
  HistoryField,
  HistoryValue,
} from '../../../../domain/schemas/assessment-history.ts';
import type { Locale } from '../../../../domain/constants.ts';
import { api } from '../../shared/api-client.ts';
import { formatMoment } from '../../shared/date-format.ts';
import { formatNumber } from '../../shared/grade-format.ts';
import { useTranslation, type Translate } from '../../shared/i18n.ts';

const PAGE = 50;
const NONE = '—';
const LONG_TEXT = 120;

interface HistoryPage {
  count: number;
  results: AssessmentHistoryEntry[];
}

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
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
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
    </Box>
  );
}

function HistoryList({ assessmentId }: { assessmentId: number }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  const history = useQuery({
    queryKey: ['assessments', assessmentId, 'history', limit],
    queryFn: ({ signal }) =>
      api.get<HistoryPage>(`/assessments/${assessmentId}/history/?limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });
  if (history.isError)
    return <Typography role="alert">{t('assessment.history.failed')}</Typography>;
  if (!history.data) return <Typography role="status">{t('common.loading')}</Typography>;
  const { count, results } = history.data;
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {t('assessment.history.count', { count })}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="history">
        {results.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </Box>
      {results.length < count && (
        <Button
          sx={{ mt: 1 }}
          disabled={history.isFetching}
          onClick={() => setLimit((shown) => shown + PAGE)}
        >
          {t('assessment.history.more')}
        </Button>
      )}
    </>
  );
}

/**
 * The assessment's changes, who made them and when, behind a disclosure: read only when opened,
 * and read again each time it opens.
 */
export function AssessmentHistory({ assessmentId }: { assessmentId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box
      component="details"
      onToggle={(event: React.SyntheticEvent<HTMLDetailsElement>) =>
        setOpen(event.currentTarget.open)
      }
      sx={{ mt: 3, '& > summary': { cursor: 'pointer', py: 1 } }}
    >
      <Typography component="summary" variant="h6">
        {t('assessment.history.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('assessment.history.intro')}
      </Typography>
      {open && <HistoryList assessmentId={assessmentId} />}
    </Box>
  );
}
