import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import type { Locale } from '../../shared/locale.ts';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError } from '../../shared/api-error.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { visuallyHidden } from '../../shared/visually-hidden.ts';
import {
  gradeSummaryQuery,
  type SummaryEntryJson,
  type SummaryGroupJson,
} from '../../shared/api/grade-summary.ts';
import { DownloadButtons } from './download-buttons.tsx';
import { formatGrade } from '../../shared/grade-format.ts';
import { formatDay } from '../../shared/date-format.ts';
import { GradeChart } from './grade-chart.tsx';
import { useObjectTitle } from '../../shared/object-title.ts';
import { ReadLog } from './read-log.tsx';
import { WardData } from './ward-data.tsx';
import { StudentRisks } from './student-risks.tsx';

/** A grade, or an average, with the insufficient marker in words and in red when below 4. */
function Grade({ value, insufficient }: { value: string | null; insufficient: boolean }) {
  const { t, locale } = useTranslation();
  if (value === null) return <span>—</span>;
  if (!insufficient) return <span>{formatGrade(value, locale)}</span>;
  return (
    <Box component="span" sx={{ ...DANGER_TEXT, fontWeight: 600 }} data-insufficient="true">
      {formatGrade(value, locale)}{' '}
      <Box component="span" aria-hidden="true">
        ⚠
      </Box>{' '}
      {t('gradeSummary.insufficient')}
      <Box component="span" sx={visuallyHidden}>
        {t('gradeSummary.insufficientHint')}
      </Box>
    </Box>
  );
}

const datesOf = (entry: SummaryEntryJson, locale: Locale) => {
  const { start_date: start, end_date: end } = entry.module;
  if (!start && !end) return '—';
  if (start && end && start !== end)
    return `${formatDay(start, locale)} – ${formatDay(end, locale)}`;
  return formatDay((start ?? end)!, locale);
};

function GroupTable({ group }: { group: SummaryGroupJson }) {
  const { t, locale } = useTranslation();
  const { to } = useLocalePath();
  const headingId = `summary-group-${group.module_type}`;
  // on phones, dates and status go under the module's name: the grade keeps room for its warning
  const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          justifyContent: 'space-between',
          alignItems: 'baseline',
          p: 2,
          pb: 1,
        }}
      >
        <Typography id={headingId} component="h2" variant="h6">
          {t(`enums.moduleType.${group.module_type}`)}
        </Typography>
        <Typography data-testid={`average-${group.module_type}`}>
          {t('gradeSummary.average')}{' '}
          <Grade value={group.average} insufficient={group.is_insufficient} />
        </Typography>
      </Box>
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('gradeSummary.fields.module')}</TableCell>
            <TableCell sx={wide}>{t('gradeSummary.fields.dates')}</TableCell>
            <TableCell sx={wide}>{t('gradeSummary.fields.status')}</TableCell>
            <TableCell align="right">{t('gradeSummary.fields.grade')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {group.assessments.map((entry) => (
            <TableRow key={entry.assessment}>
              <TableCell>
                <Link component={RouterLink} to={to(`/assessments/${entry.assessment}`)}>
                  {entry.module.name}
                </Link>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: { xs: 'block', sm: 'none' } }}
                >
                  {datesOf(entry, locale)} · {t(`enums.assessmentStatus.${entry.status}`)}
                </Typography>
              </TableCell>
              <TableCell sx={wide}>{datesOf(entry, locale)}</TableCell>
              <TableCell sx={wide}>{t(`enums.assessmentStatus.${entry.status}`)}</TableCell>
              <TableCell align="right">
                <Grade value={entry.grade} insufficient={entry.is_insufficient} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** /profiles/{id}/grade-summary: a student's included grades by module type, averages, a chart. */
export default function GradeSummaryPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const summary = useQuery(gradeSummaryQuery(id));
  const student = summary.data?.student;
  useObjectTitle(student && `${student.first_name} ${student.last_name}`);
  if (summary.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (summary.isError)
    return (
      <FormMessage
        message={
          summary.error instanceof ApiError && summary.error.status === 404
            ? t('gradeSummary.notFound')
            : t('errors.unexpected')
        }
      />
    );
  const data = summary.data;
  const name = `${data.student.first_name} ${data.student.last_name}`;
  const empty = data.groups.length === 0;

  return (
    <>
      <PageHeader title={t('gradeSummary.title', { name })}>
        <DownloadButtons profileId={data.student.id} name={name} />
      </PageHeader>
      <StudentRisks studentId={data.student.id} />
      {empty ? (
        <Typography data-testid="grade-summary-empty">{t('gradeSummary.empty')}</Typography>
      ) : (
        <>
          <Typography component="p" variant="h6" sx={{ mb: 2 }} data-testid="average-overall">
            {t('gradeSummary.overallAverage')}{' '}
            <Grade value={data.average} insufficient={data.is_insufficient} />
          </Typography>
          {data.groups.map((group) => (
            <GroupTable key={group.module_type} group={group} />
          ))}
          <GradeChart summary={data} />
        </>
      )}
      <ReadLog studentId={data.student.id} />
      <WardData studentId={data.student.id} />
    </>
  );
}
