import { useQuery } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useLocation } from 'react-router';
import { PathIcon } from '../../components/path-icon.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { useTranslation } from '../../shared/i18n.ts';
import { inSameForm } from '../../shared/locale.ts';
import { useSession } from '../../shared/session.ts';
import { unreadCountQuery } from '../../shared/api/notifications.ts';
import { BELL_BADGE_MAX, bellName } from './bell-name.ts';

const BELL_ICON =
  'M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 1 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1l-2-2z';

/** The header's bell: the unread count, leading to the inbox. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useSession();
  // before the data-processing consent the inbox is closed (and asking would lead to the consent)
  const unread = useQuery({
    ...unreadCountQuery(),
    enabled: Boolean(user?.is_data_processing_accepted),
  });
  const count = unread.data ?? 0;
  return (
    <IconButton
      color="inherit"
      component={PrefetchLink}
      pageId="notifications"
      to={inSameForm('/notifications', pathname)}
      aria-label={bellName(t, count)}
    >
      {/* no badge at all without unread: a hidden badge keeps its last number as text, which
          would be a visible label the link's name does not hold (WCAG 2.5.3) */}
      {count === 0 ? (
        <PathIcon d={BELL_ICON} />
      ) : (
        <Badge badgeContent={count} color="error" max={BELL_BADGE_MAX}>
          <PathIcon d={BELL_ICON} />
        </Badge>
      )}
    </IconButton>
  );
}
