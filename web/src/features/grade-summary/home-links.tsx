import { useQuery } from '@tanstack/react-query';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../app/i18n.ts';
import { useSession } from '../../app/session.ts';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { api } from '../../lib/api-client.ts';
import { useLocalePath } from '../auth/use-locale.ts';
import { profileQuery, type Paged } from '../profiles/api.ts';

interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

/** The wards of a legal representative: the students of the assessments they may read. */
const wardsQuery = (me: number) => ({
  queryKey: ['grade-summary', 'wards', me] as const,
  queryFn: async (): Promise<Person[]> => {
    const page = await api.get<Paged<{ student: Person }>>('/assessments/?limit=1000');
    const byId = new Map(page.results.map(({ student }) => [student.id, student]));
    byId.delete(me);
    return [...byId.values()].sort((a, b) => a.last_name.localeCompare(b.last_name));
  },
});

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
