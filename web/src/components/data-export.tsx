import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { FormMessage } from './form-message.tsx';
import { fetchFile, saveFile } from '../shared/download.ts';
import { useTranslation } from '../shared/i18n.ts';

type Format = 'pdf' | 'json';

/**
 * Everything the platform keeps about a person, as a readable PDF in the reader's language or
 * as JSON, for the person, their legal representatives and admins (the server decides).
 */
export function DataExport({ profileId, intro }: { profileId: number; intro: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: Format) => {
    setBusy(format);
    setError(null);
    try {
      const path = `/profiles/${profileId}/data-export/?format=${format}`;
      saveFile(await fetchFile(path, `evaluanda-data.${format}`));
    } catch {
      setError(t('account.data.failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Typography color="text.secondary">{intro}</Typography>
      <FormMessage message={error} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }} aria-live="polite">
        {(['pdf', 'json'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            disabled={busy !== null}
            onClick={() => void download(format)}
          >
            {busy === format ? t('account.data.preparing') : t(`account.data.download.${format}`)}
          </Button>
        ))}
      </Box>
    </>
  );
}
