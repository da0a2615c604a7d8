import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ListRow } from '../../components/list-row.tsx';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { toast } from '../../components/toast.ts';
import { formatMoment } from '../../shared/date-format.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { endOtherSessions, endSession, ownSessionsQuery, type OwnSession } from './api.ts';

function deviceName(session: OwnSession, unknown: string) {
  const { browser, system } = session.device;
  return [browser, system].filter(Boolean).join(' · ') || unknown;
}

/** The person's live sessions, the current one first; any other can be ended, or all at once. */
export function OwnSessions() {
  const { t, locale } = useTranslation();
  const client = useQueryClient();
  const sessions = useQuery(ownSessionsQuery());
  const [endingAll, setEndingAll] = useState(false);
  const done = (message: string) => {
    toast({ type: 'success', description: message });
    return client.invalidateQueries({ queryKey: ownSessionsQuery().queryKey });
  };
  const failed = () => toast({ type: 'error', description: t('errors.network') });
  const endOne = useMutation({
    mutationFn: (session: OwnSession) => endSession(session.id),
    onSuccess: () => done(t('account.sessions.ended')),
    onError: failed,
  });
  const endAll = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => done(t('account.sessions.endedOthers')),
    onError: failed,
    onSettled: () => setEndingAll(false),
  });

  if (sessions.isError) return <Typography role="alert">{t('account.sessions.failed')}</Typography>;
  if (!sessions.data) return <Typography role="status">{t('common.loading')}</Typography>;
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="own-sessions">
        {sessions.data.map((session) => (
          <ListRow
            key={session.id}
            end={
              !session.current && (
                <Button
                  sx={DANGER_TEXT}
                  disabled={endOne.isPending}
                  onClick={() => endOne.mutate(session)}
                  aria-label={t('account.sessions.endNamed', {
                    device: deviceName(session, t('account.sessions.unknownDevice')),
                  })}
                >
                  {t('account.sessions.end')}
                </Button>
              )
            }
          >
            <Typography sx={{ fontWeight: 500 }}>
              {deviceName(session, t('account.sessions.unknownDevice'))}
              {session.current && (
                <Chip size="small" label={t('account.sessions.current')} sx={{ ml: 1 }} />
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('account.sessions.details', {
                lastUse: formatMoment(session.last_seen_at, locale),
                opened: formatMoment(session.created_at, locale),
                network: session.network ?? t('account.sessions.unknownNetwork'),
              })}
            </Typography>
          </ListRow>
        ))}
      </Box>
      {others > 0 && (
        <Button
          variant="outlined"
          sx={{ mt: 2, ...DANGER_TEXT }}
          onClick={() => setEndingAll(true)}
        >
          {t('account.sessions.endOthers')}
        </Button>
      )}
      <ConfirmDialog
        open={endingAll}
        title={t('account.sessions.endOthersTitle')}
        confirmLabel={t('account.sessions.endOthers')}
        danger
        busy={endAll.isPending}
        onClose={() => setEndingAll(false)}
        onConfirm={() => endAll.mutate()}
      >
        {t('account.sessions.endOthersText', { count: others })}
      </ConfirmDialog>
    </>
  );
}
