import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BusyRows } from '../../components/busy-rows.tsx';
import { MoreButton, useMoreLimit } from '../../components/more-button.tsx';
import { ListRow } from '../../components/list-row.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { toast } from '../../components/toast.ts';
import { formatMoment } from '../../shared/date-format.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { refusalMessage } from '../../shared/server-errors.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import {
  inboxQuery,
  markAllRead,
  markRead,
  type NotificationItem,
} from '../../shared/api/notifications.ts';
import { notificationText } from './notification-text.ts';

/** Where a notification leads: its assessment, or the at-risk list. */
function sourceOf(item: NotificationItem): string | null {
  if (item.kind === 'DUE_REPORTS') return '/training-reports/due';
  if (item.kind === 'AT_RISK' && item.student)
    return `/students/at-risk?student=${item.student.id}`;
  return item.assessment_id === null ? null : `/assessments/${item.assessment_id}`;
}

/** /notifications: the person's inbox, newest first; read one, or all at once. */
export default function NotificationsPage() {
  const { t, locale } = useTranslation();
  const { to } = useLocalePath();
  const client = useQueryClient();
  const [unread, setUnread] = useState(false);
  const { limit, more } = useMoreLimit();
  const list = useQuery({ ...inboxQuery({ unread, limit }), placeholderData: keepPreviousData });
  const refresh = () => client.invalidateQueries({ queryKey: ['notifications'] });
  const onError = (error: unknown) =>
    toast({ type: 'error', description: refusalMessage(error, t('errors.network')) });
  const readOne = useMutation({ mutationFn: markRead, onSuccess: refresh, onError });
  const readAll = useMutation({ mutationFn: markAllRead, onSuccess: refresh, onError });
  const anyUnread = list.data?.results.some((item) => item.read_at === null) ?? false;

  return (
    <>
      <PageHeader title={t('notifications.title')}>
        {anyUnread && (
          <Button onClick={() => readAll.mutate()} disabled={readAll.isPending}>
            {t('notifications.markAllRead')}
          </Button>
        )}
      </PageHeader>
      <FormControlLabel
        control={<Checkbox checked={unread} onChange={(e) => setUnread(e.target.checked)} />}
        label={t('notifications.unreadOnly')}
      />
      {list.isError && <FormMessage message={t('notifications.failed')} />}
      {list.data && (
        <BusyRows busy={list.isPlaceholderData}>
          {list.data.count === 0 && (
            <Typography role="status" sx={{ mt: 2 }}>
              {t(unread ? 'notifications.emptyUnread' : 'notifications.empty')}
            </Typography>
          )}
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
            aria-label={t('notifications.title')}
          >
            {list.data.results.map((item) => {
              const source = sourceOf(item);
              const text = notificationText(t, locale, item);
              return (
                <ListRow
                  key={item.id}
                  end={
                    item.read_at === null && (
                      <Button size="small" onClick={() => readOne.mutate(item.id)}>
                        {t('notifications.markRead')}
                      </Button>
                    )
                  }
                >
                  <Typography sx={{ fontWeight: item.read_at === null ? 600 : 400 }}>
                    {item.read_at === null && (
                      <Box component="span" className="visually-hidden">
                        {t('notifications.unread')},{' '}
                      </Box>
                    )}
                    {source ? (
                      <Link
                        component={RouterLink}
                        to={to(source)}
                        onClick={() => item.read_at === null && readOne.mutate(item.id)}
                      >
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatMoment(item.created_at, locale)}
                  </Typography>
                </ListRow>
              );
            })}
          </Box>
          <MoreButton page={list.data} label={t('notifications.more')} onMore={more} />
        </BusyRows>
      )}
      {!list.data && !list.isError && <Typography role="status">{t('common.loading')}</Typography>}
    </>
  );
}
