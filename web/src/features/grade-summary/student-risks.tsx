import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { StudentAtRisk } from '../../../../domain/schemas/at-risk.ts';
import { api } from '../../shared/api-client.ts';
import type { Paged } from '../../shared/api/paged.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { RiskReasons } from '../../components/risk-reasons.tsx';

/** The warning signs of one student, at the top of their grade summary, for those who follow them. */
export function StudentRisks({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const allowed = Boolean(user?.permissions.includes('listStudentsAtRisk'));
  const risks = useQuery({
    queryKey: ['students', 'at-risk', `student=${studentId}`],
    queryFn: ({ signal }) =>
      api.get<Paged<StudentAtRisk>>(`/students/at-risk/?student=${studentId}`, { signal }),
    enabled: allowed,
  });
  const reasons = risks.data?.results[0]?.reasons ?? [];
  if (reasons.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="student-risks"
      sx={{ mb: 3, p: 2, border: 1, borderColor: 'error.main', borderRadius: 1 }}
    >
      <Typography id="student-risks" component="h2" variant="h6">
        {t('atRisk.summaryTitle')}
      </Typography>
      <RiskReasons reasons={reasons} studentId={studentId} />
    </Box>
  );
}
