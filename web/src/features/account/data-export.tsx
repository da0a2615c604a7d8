import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormMessage } from '../../components/form-message.tsx';
import { fetchFile, saveFile } from '../../shared/download.ts';
import { useTranslation } from '../../shared/i18n.ts';

/** The person's own data, everything the platform keeps about them, as one JSON file. */
export function DataExport({ profileId }: { profileId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await fetchFile(`/profiles/${profileId}/data-export/`, 'evaluanda-data.json'));
    } catch {
      setError(t('account.data.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Typography color="text.secondary">{t('account.data.intro')}</Typography>
      <FormMessage message={error} />
      <Button variant="outlined" sx={{ mt: 1 }} disabled={busy} onClick={() => void download()}>
        {busy ? t('account.data.preparing') : t('account.data.download')}
      </Button>
    </>
  );
}
