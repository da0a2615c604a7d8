import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../shared/i18n.ts';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../shared/api-error.ts';
import { fetchFile, saveFile } from '../../shared/download.ts';
import {
  EXPORT_FORMATS,
  summaryExportPath,
  type ExportFormat,
} from '../../shared/api/grade-summary.ts';

/** The grade summary as PDF or spreadsheet (contract C2), in the language the reader chose. */
export function DownloadButtons({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const fallback = `${t('gradeSummary.fileName', { name })}.${format}`;
      saveFile(await fetchFile(summaryExportPath(profileId, format), fallback));
    } catch (error) {
      toast({
        type: 'error',
        description: error instanceof ApiError ? t('errors.unexpected') : t('errors.network'),
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box
      role="group"
      aria-label={t('gradeSummary.download')}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
    >
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="outlined"
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => void download(format)}
        >
          {busy === format ? t('gradeSummary.downloading') : t(`exportsUi.formats.${format}`)}
        </Button>
      ))}
    </Box>
  );
}
