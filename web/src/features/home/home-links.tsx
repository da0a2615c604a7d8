import { useQuery } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { profileQuery, wardsQuery } from '../../shared/api/profiles.ts';

/**
 * On the home page, the way to one's own grade summary (students) and to the wards' (legal
 * representatives), who have no list page to find them from.
 */
export function GradeSummaryLinks() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const { user } = useSession();
  const profile = useQuery({
    ...profileQuery(user?.profile ?? 0),
    enabled: Boolean(user?.profile),
  }).data;
  const roles = new Set(profile?.assignments.map((a) => a.role));
  const isStudent = roles.has('STUDENT');
  const representative = roles.has('LEGAL_REPRESENTATIVE');
  // known once the profile is: a representative is a role of it
  const wards = useQuery({ ...wardsQuery(profile?.id ?? 0), enabled: representative });
  if (!profile || !user?.permissions.includes('viewGradeSummary')) return null;
  const cards = [
    ...(isStudent
      ? [
          {
            id: profile.id,
            title: t('gradeSummary.home.own'),
            text: t('gradeSummary.home.ownText'),
          },
        ]
      : []),
    ...(wards.data ?? []).map((ward) => {
      const name = `${ward.first_name} ${ward.last_name}`;
      return {
        id: ward.id,
        title: t('gradeSummary.home.ward', { name }),
        text: t('gradeSummary.home.wardText', { name }),
      };
    }),
  ];
  return cards.map((card) => (
    <Grid key={`summary-${card.id}`} size={{ xs: 12, sm: 6, lg: 4 }}>
      <Card variant="outlined">
        <CardActionArea
          component={PrefetchLink}
          pageId="grade-summary"
          params={{ id: String(card.id) }}
          to={to(`/profiles/${card.id}/grade-summary`)}
        >
          <CardContent>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {card.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {card.text}
            </Typography>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  ));
}
