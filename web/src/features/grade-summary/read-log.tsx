import { useQuery } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import type { ReadLogEntry } from '../../../../domain/schemas/read-log.ts';
import { DisclosedPages } from '../../components/disclosed-pages.tsx';
import { formatMoment } from '../../shared/date-format.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { profileQuery } from '../../shared/api/profiles.ts';
import { useSession } from '../../shared/session.ts';

/**
 * Whether the reader sees a student's read log: the student, a legal representative (who only
 * ever reaches a ward's summary) and admins; the server decides, this only spares a 404.
 */
function useMayReadLog(studentId: number) {
  const { user } = useSession();
  const profile = useQuery({
    ...profileQuery(user?.profile ?? 0),
    enabled: Boolean(user?.profile),
  }).data;
  const roles = new Set(profile?.assignments.map((a) => a.role));
  return user?.profile === studentId || roles.has('LEGAL_REPRESENTATIVE') || roles.has('ADMIN');
}

function Read({ read }: { read: ReadLogEntry }) {
  const { t, locale } = useTranslation();
  return (
    <>
      <Typography sx={{ fontWeight: 500 }}>
        {t(`readLog.kinds.${read.kind}`, { object: read.object ?? '' })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('readLog.by', {
          when: formatMoment(read.at, locale),
          who: read.reader ?? t('assessment.history.deletedAccount'),
        })}
      </Typography>
    </>
  );
}

/** Who read the student's grades, when and what: at the foot of the grade summary. */
export function ReadLog({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  if (!useMayReadLog(studentId)) return null;
  return (
    <DisclosedPages<ReadLogEntry>
      title={t('readLog.title')}
      intro={t('readLog.intro')}
      path={`/profiles/${studentId}/read-log/`}
      countLabel={(count) => t('readLog.count', { count })}
      moreLabel={t('readLog.more')}
      failedLabel={t('readLog.failed')}
      testId="read-log"
      renderItem={(read) => <Read read={read} />}
    />
  );
}
