import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataExport } from '../../components/data-export.tsx';
import { profileQuery } from '../../shared/api/profiles.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';

/**
 * A legal representative downloads what the platform keeps about their ward, from the ward's
 * grade summary (the only page of theirs a representative reaches).
 */
export function WardData({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const own = useQuery({ ...profileQuery(user?.profile ?? 0), enabled: Boolean(user?.profile) });
  const represents = own.data?.assignments.some((a) => a.role === 'LEGAL_REPRESENTATIVE');
  if (!represents || user?.profile === studentId) return null;
  return (
    <Box component="section" aria-labelledby="ward-data-heading" sx={{ mt: 4 }}>
      <Typography id="ward-data-heading" component="h2" variant="h6">
        {t('account.data.other.title')}
      </Typography>
      <DataExport profileId={studentId} intro={t('account.data.other.intro')} />
    </Box>
  );
}
