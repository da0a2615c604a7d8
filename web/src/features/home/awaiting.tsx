import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ListRow } from '../../components/list-row.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { useTranslation } from '../../shared/i18n.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { awaitingQuery } from '../../shared/api/training-report.ts';

/**
 * On the home page: what the training report cycle waits for from the reader, their
 * self-assessments to fill in and the reports awaiting their signature; nothing when none.
 */
export function Awaiting() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const { data } = useQuery(awaitingQuery());
  if (!data || data.self_assessments.length + data.signatures.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="awaiting-title" sx={{ mt: 3 }}>
      <Typography id="awaiting-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('awaiting.title')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data.self_assessments.map((item) => (
          <ListRow key={`self-${item.assessment}`}>
            <Link
              component={PrefetchLink}
              pageId="self-assessment"
              params={{ id: String(item.assessment) }}
              to={to(`/assessments/${item.assessment}/self-assessment`)}
              sx={{ fontWeight: 600 }}
            >
              {t('awaiting.selfAssessment', { module: item.module_name })}
            </Link>
          </ListRow>
        ))}
        {data.signatures.map((item) => (
          <ListRow key={`sign-${item.assessment}-${item.role}`}>
            <Link
              component={PrefetchLink}
              pageId="assessment-detail"
              params={{ id: String(item.assessment) }}
              to={to(`/assessments/${item.assessment}`)}
              sx={{ fontWeight: 600 }}
            >
              {t('awaiting.signature', { module: item.module_name })}
            </Link>
            {item.role !== 'STUDENT' && (
              <Typography variant="body2" color="text.secondary">
                {t('awaiting.asRole', {
                  name: `${item.student.first_name} ${item.student.last_name}`,
                  role: t(`enums.signatureRole.${item.role}`).toLowerCase(),
                })}
              </Typography>
            )}
          </ListRow>
        ))}
      </Box>
    </Box>
  );
}
