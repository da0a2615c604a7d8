import { useTranslation } from '../../shared/i18n.ts';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Agreement } from './agreement.tsx';
import { useLocalePath } from '../../shared/use-locale-path.ts';

export default function DataProcessingAgreementPage() {
  const { t } = useTranslation();
  const { locale } = useLocalePath();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('dataProcessingAgreement.title')}
      </Typography>
      <Agreement locale={locale} headingLevel="h2" />
    </Paper>
  );
}
