import { useTranslation } from '../app/i18n.ts';
import { useMatches } from 'react-router';
import Typography from '@mui/material/Typography';
import type { PageDef } from '../app/pages.ts';

/** Stands for a page that a later issue builds: its title and a short note. */
export default function PendingPage() {
  const { t } = useTranslation();
  const page = (useMatches().at(-1)?.handle as { page?: PageDef } | undefined)?.page;
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {page?.title ? t(page.title) : t('product')}
      </Typography>
      <Typography>{t('pages.pending')}</Typography>
    </>
  );
}
