import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../shared/i18n.ts';
import { saveFile } from '../shared/download.ts';
import { toast } from './toast.ts';

/** Recovery codes, shown once: to copy, download or write down before going on. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ type: 'success', description: t('secondFactor.codes.copied') });
    } catch {
      toast({ type: 'error', description: t('secondFactor.codes.copyFailed') });
    }
  };
  const download = () =>
    saveFile({
      blob: new Blob([`${text}\n`], { type: 'text/plain' }),
      filename: t('secondFactor.codes.filename'),
    });
  return (
    <Box component="section" aria-labelledby="recovery-codes-heading" sx={{ mt: 2 }}>
      <Alert severity="warning" id="recovery-codes-heading">
        {t('secondFactor.codes.intro')}
      </Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1.1rem',
          pl: 3,
          my: 2,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {t('secondFactor.codes.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('secondFactor.codes.download')}
        </Button>
      </Box>
    </Box>
  );
}
