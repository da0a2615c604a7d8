import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DUE_REPORT_STATES, type DueReportState } from '../../../../domain/constants.ts';
import { semesterCode, semesterSpan } from '../../../../domain/training-report.ts';
import { BusyRows } from '../../components/busy-rows.tsx';
import { MoreButton, useMoreLimit } from '../../components/more-button.tsx';
import { FilterSelect } from '../../components/data-list/filter-select.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { ListRow } from '../../components/list-row.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { formatDay } from '../../shared/date-format.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { dueReportsQuery } from '../../shared/api/training-report.ts';
import { useAddressParams } from '../../shared/use-address-params.ts';

const FILTERS = ['unit', 'semester', 'group', 'instructor', 'state'] as const;
/** How many semesters back the semester choice goes. */
const SEMESTERS_BACK = 5;

/** Done in green, late in red, each in its readable tone; the rest plain (the word says it). */
const STATE_TONES: Partial<Record<DueReportState, { color: string; borderColor: string }>> = {
  SIGNED: { color: 'tone.success', borderColor: 'tone.success' },
  OVERDUE: { color: 'tone.error', borderColor: 'tone.error' },
};

/** The current semester and the ones before it, newest first. */
function semesterChoices(today: string): string[] {
  const codes = [semesterCode(today)];
  while (codes.length <= SEMESTERS_BACK) {
    const [year, half] = codes.at(-1)!.split('-').map(Number) as [number, number];
    codes.push(half === 2 ? `${year}-1` : `${year - 1}-2`);
  }
  return codes;
}

/**
 * /training-reports/due: per semester, where each student's training report stands in a unit
 * (none, in progress, validated, signed, overdue), filterable by group, instructor and state.
 */
export default function DueReportsPage() {
  const { t, locale } = useTranslation();
  const { to } = useLocalePath();
  const { params: search, change } = useAddressParams();
  const { limit, more, reset } = useMoreLimit();
  const query = new URLSearchParams({ limit: String(limit) });
  for (const name of FILTERS) {
    const value = search.get(name);
    if (value) query.set(name, value);
  }
  const list = useQuery({ ...dueReportsQuery(query), placeholderData: keepPreviousData });
  const setFilter = (name: (typeof FILTERS)[number], value: string) => {
    // a unit's groups and instructors are not another unit's
    change({ [name]: value, ...(name === 'unit' && { group: null, instructor: null }) });
    reset();
  };
  const data = list.data;
  const semesterLabel = (code: string) => {
    const span = semesterSpan(code);
    return t('dueReports.semesterSpan', {
      start: formatDay(span.start, locale),
      end: formatDay(span.end, locale),
    });
  };

  return (
    <>
      <PageHeader title={t('dueReports.title')} />
      <Typography color="text.secondary">{t('dueReports.intro')}</Typography>
      {data && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', my: 2 }}>
          {data.units.length > 1 && (
            <FilterSelect
              label={t('dueReports.unit')}
              value={String(data.unit)}
              onChange={(v) => setFilter('unit', v)}
              options={data.units.map((u) => ({ value: String(u.id), label: u.name }))}
            />
          )}
          <FilterSelect
            label={t('dueReports.semester')}
            value={data.semester}
            onChange={(v) => setFilter('semester', v)}
            options={semesterChoices(new Date().toISOString().slice(0, 10)).map((code) => ({
              value: code,
              label: semesterLabel(code),
            }))}
          />
          {data.groups.length > 0 && (
            <FilterSelect
              label={t('dueReports.group')}
              value={search.get('group') ?? ''}
              onChange={(v) => setFilter('group', v)}
              options={data.groups.map((g) => ({ value: String(g.id), label: g.name }))}
              allLabel={t('list.all')}
            />
          )}
          {data.instructors.length > 0 && (
            <FilterSelect
              label={t('dueReports.instructor')}
              value={search.get('instructor') ?? ''}
              onChange={(v) => setFilter('instructor', v)}
              options={data.instructors.map((i) => ({
                value: String(i.id),
                label: `${i.first_name} ${i.last_name}`,
              }))}
              allLabel={t('list.all')}
            />
          )}
          <FilterSelect
            label={t('dueReports.state')}
            value={search.get('state') ?? ''}
            onChange={(v) => setFilter('state', v)}
            options={DUE_REPORT_STATES.map((s) => ({
              value: s,
              label: `${t(`enums.dueReportState.${s}`)} (${data.states[s]})`,
            }))}
            allLabel={t('list.all')}
          />
        </Box>
      )}
      {list.isError && <FormMessage message={t('dueReports.failed')} />}
      {data && (
        <BusyRows busy={list.isPlaceholderData}>
          <Typography role="status" sx={{ fontWeight: 500 }}>
            {t('dueReports.count', { count: data.count })}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
            aria-label={t('dueReports.title')}
          >
            {data.results.map((row) => (
              <ListRow
                key={row.student.id}
                align="baseline"
                end={
                  <Chip
                    size="small"
                    variant="outlined"
                    sx={STATE_TONES[row.state]}
                    label={t(`enums.dueReportState.${row.state}`)}
                  />
                }
              >
                {row.assessment ? (
                  <Link
                    component={PrefetchLink}
                    pageId="assessment-detail"
                    params={{ id: String(row.assessment) }}
                    to={to(`/assessments/${row.assessment}`)}
                    sx={{ fontWeight: 600 }}
                  >
                    {row.student.first_name} {row.student.last_name}
                  </Link>
                ) : (
                  <Typography sx={{ fontWeight: 600 }}>
                    {row.student.first_name} {row.student.last_name}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {[
                    row.group?.name,
                    row.signatures_missing.length > 0
                      ? t('dueReports.awaiting', {
                          roles: row.signatures_missing
                            .map((r) => t(`enums.signatureRole.${r}`))
                            .join(', '),
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </ListRow>
            ))}
          </Box>
          <MoreButton page={data} label={t('dueReports.more')} onMore={more} />
        </BusyRows>
      )}
      {!data && !list.isError && <Typography role="status">{t('common.loading')}</Typography>}
    </>
  );
}
