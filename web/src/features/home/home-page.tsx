import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n.ts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { pageById, visibleNavigation } from '../../app/pages.ts';
import { useSession } from '../../shared/session.ts';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { GradeSummaryLinks } from './home-links.tsx';
import { LatestAssessments } from './latest-assessments.tsx';
import { profileQuery } from '../../shared/api/profiles.ts';
import { Awaiting } from './awaiting.tsx';

/** A greeting and what the user can do next: the list pages their permissions open. */
export default function HomePage() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const { user } = useSession();
  const profile = useQuery({
    ...profileQuery(user?.profile ?? 0),
    enabled: Boolean(user?.profile),
  });
  const links = visibleNavigation(user?.permissions ?? []);
  const name = profile.data?.first_name;
  const roles = new Set(profile.data?.assignments.map((a) => a.role));
  const representative = roles.has('LEGAL_REPRESENTATIVE');
  const learner = roles.has('STUDENT') || representative;
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {name ? t('home.greeting', { name }) : t('home.greetingAnonymous')}
      </Typography>
      {user && user.profile === null && <Alert severity="info">{t('home.noProfile')}</Alert>}
      {user?.profile != null && <Awaiting />}
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {t('home.nextSteps')}
      </Typography>
      {links.length === 0 && !learner && <Typography>{t('home.nothingToDo')}</Typography>}
      <Grid container spacing={2}>
        <GradeSummaryLinks />
        {links.map((item) => (
          <Grid key={item.page} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Card variant="outlined">
              <CardActionArea
                component={PrefetchLink}
                pageId={item.page}
                to={to(`/${pageById(item.page).path}`)}
              >
                <CardContent>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {t(`nav.${item.page}`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`home.${item.page}`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      {learner && <LatestAssessments showStudent={representative} />}
    </>
  );
}
