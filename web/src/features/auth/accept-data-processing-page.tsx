import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { safeNext } from '../../app/navigation-rules.ts';
import { startDeps } from '../../app/root.tsx';
import { startSequence } from '../../app/start.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { toast } from '../../components/toast.ts';
import { api } from '../../shared/api-client.ts';
import { Agreement } from './agreement.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';

export default function AcceptDataProcessingPage() {
  const { t } = useTranslation();
  const { locale, go, to } = useLocalePath();
  const [search] = useSearchParams();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post('/users/me/accept-data-processing/');
      // the start sequence again: the profile, units and roles the API held back until now
      await startSequence(startDeps);
      toast({ description: t('acceptDataProcessing.done'), type: 'success' });
      await go(safeNext(search.get('next')) ?? '/', { replace: true });
    } catch {
      setError(t('errors.network'));
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('acceptDataProcessing.title')}
      </Typography>
      <Typography>{t('acceptDataProcessing.intro')}</Typography>
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('dataProcessingAgreement.title')}
        sx={{ mt: 2, maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider', p: 2 }}
      >
        <Agreement locale={locale} headingLevel="h2" />
      </Box>
      <FormMessage message={error} />
      <FormControlLabel
        sx={{ mt: 2 }}
        control={
          <Checkbox checked={checked} onChange={(event) => setChecked(event.target.checked)} />
        }
        label={t('acceptDataProcessing.checkbox')}
      />
      <Box>
        <Button variant="contained" onClick={accept} disabled={!checked || busy} sx={{ mt: 1 }}>
          {t('acceptDataProcessing.submit')}
        </Button>
      </Box>
      {/* the personal area (sessions, password, sign-out) is open before the consent too */}
      <Box sx={{ mt: 3 }}>
        <Link component={RouterLink} to={to('/account')}>
          {t('nav.account')}
        </Link>
      </Box>
    </Paper>
  );
}
