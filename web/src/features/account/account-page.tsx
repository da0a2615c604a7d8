import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { useSession } from '../../shared/session.ts';
import { DataExport } from '../../components/data-export.tsx';
import { LanguagePreference } from './language-preference.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';
import { OwnSessions } from './own-sessions.tsx';
import { PasswordChange } from './password-change.tsx';
import { SecondFactors } from './second-factors.tsx';

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * /account: the signed-in person's language, mail notifications, sessions, password, second
 * factors, data and sign-out.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const { user } = useSession();
  return (
    <>
      <Typography component="h1" variant="h4">
        {t('account.title')}
      </Typography>
      <Section id="account-language" title={t('account.language.title')}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('account.language.intro')}
        </Typography>
        <Box sx={{ maxWidth: '32rem' }}>
          <LanguagePreference />
        </Box>
      </Section>
      {user?.profile && (
        <Section id="notifications" title={t('account.notifications.title')}>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('account.notifications.intro')}
          </Typography>
          <NotificationPreferences />
        </Section>
      )}
      <Section id="account-sessions" title={t('account.sessions.title')}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('account.sessions.intro')}
        </Typography>
        <OwnSessions />
      </Section>
      <Section id="account-password" title={t('account.password.title')}>
        <Typography color="text.secondary">{t('account.password.intro')}</Typography>
        <PasswordChange />
      </Section>
      <Section id="account-second-factor" title={t('secondFactor.list.title')}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('secondFactor.list.intro')}
        </Typography>
        <SecondFactors />
      </Section>
      {user?.profile && (
        <Section id="account-data" title={t('account.data.title')}>
          <DataExport profileId={user.profile} intro={t('account.data.intro')} />
        </Section>
      )}
      <Section id="account-sign-out" title={t('account.signOut.title')}>
        <Link component={RouterLink} to={to('/logout')}>
          {t('nav.logout')}
        </Link>
      </Section>
    </>
  );
}
