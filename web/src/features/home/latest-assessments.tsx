import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AssessmentListItem } from '../../../../domain/schemas/assessments-list.ts';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { api } from '../../shared/api-client.ts';
import type { Paged } from '../../shared/api/paged.ts';
import { formatMomentDay } from '../../shared/date-format.ts';
import { formatGrade } from '../../shared/grade-format.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { ListRow } from '../../components/list-row.tsx';

const LATEST = 5;

const latestQuery = () => ({
  queryKey: ['assessments', 'latest'] as const,
  queryFn: () =>
    api.get<Paged<AssessmentListItem>>(`/assessments/?ordering=-updated_at&limit=${LATEST}`),
});

/**
 * On the home page of apprentices and legal representatives, who have no list page: the latest
 * assessments they may read (validated or closed, the server's rule), with their grades. A
 * representative of several apprentices sees whose each one is.
 */
export function LatestAssessments({ showStudent }: { showStudent: boolean }) {
  const { t, locale } = useTranslation();
  const { to } = useLocalePath();
  const latest = useQuery(latestQuery());
  if (!latest.data) return null;
  const items = latest.data.results;
  return (
    <Box component="section" aria-labelledby="latest-title" sx={{ mt: 3 }}>
      <Typography id="latest-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('home.latest.title')}
      </Typography>
      {items.length === 0 ? (
        <Typography>{t('home.latest.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {items.map((item) => (
            <ListRow
              key={item.id}
              align="baseline"
              end={
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {t('home.latest.grade', { grade: formatGrade(item.grade, locale) })}
                </Typography>
              }
            >
              <Link
                component={PrefetchLink}
                pageId="assessment-detail"
                params={{ id: String(item.id) }}
                to={to(`/assessments/${item.id}`)}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {item.module.name}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {[
                  showStudent ? `${item.student.first_name} ${item.student.last_name}` : null,
                  t(`enums.assessmentStatus.${item.status}`),
                  item.validated_at ? formatMomentDay(item.validated_at, locale) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </ListRow>
          ))}
        </Box>
      )}
    </Box>
  );
}
