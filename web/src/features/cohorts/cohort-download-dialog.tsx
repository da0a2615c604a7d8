import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation, type Translate } from '../../shared/i18n.ts';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../shared/api-error.ts';
import { fetchFile, saveFile } from '../../shared/download.ts';
import type { CohortJson } from '../../shared/api/cohorts.ts';
import { FormMessage } from '../../components/form-message.tsx';
import {
  cohortGradeSummariesQuery,
  cohortZipPath,
  EXPORT_FORMATS,
  type ExportFormat,
} from '../../shared/api/grade-summary.ts';
import { ZipProgress } from './zip-progress.ts';

interface Progress {
  /** files received whole so far */
  done: number;
  total: number;
}

type Stage =
  | { kind: 'choose'; error: string | null }
  | { kind: 'running'; progress: Progress }
  | { kind: 'finished'; progress: Progress; saved: number; report: string | null };

/** The list of summaries the server could not build is the archive's only text file. */
const isReport = (name: string) => name.endsWith('.txt');

const reasonOf = (error: unknown, t: Translate) =>
  error instanceof ApiError ? error.message : t('errors.network');

/**
 * Every grade summary of a cohort the reader may read, built by the server as one ZIP and
 * streamed: the progress bar counts the files as they arrive, and what could not be built is
 * named in the archive.
 */
export function CohortDownloadDialog({
  cohort,
  onClose,
}: {
  cohort: CohortJson;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const readable = useQuery(cohortGradeSummariesQuery(cohort.id));
  const [formats, setFormats] = useState<ExportFormat[]>(['pdf']);
  const [stage, setStage] = useState<Stage>({ kind: 'choose', error: null });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const students = readable.data?.students ?? 0;
  const leftOut = readable.data?.left_out ?? 0;

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    const zip = new ZipProgress();
    const progress = { done: 0, total: students * formats.length };
    setStage({ kind: 'running', progress });
    try {
      const file = await fetchFile(
        cohortZipPath(cohort.id, formats),
        `${t('exportsUi.zipName', { cohort: cohort.name })}.zip`,
        {
          signal: abort.signal,
          onChunk: (chunk) => {
            zip.push(chunk);
            const done = zip.names.filter((name) => !isReport(name)).length;
            if (done !== progress.done)
              setStage({ kind: 'running', progress: { ...progress, done } });
            progress.done = done;
          },
        },
      );
      saveFile(file);
      setStage({
        kind: 'finished',
        progress,
        saved: progress.done,
        report: zip.names.find(isReport) ?? null,
      });
    } catch (error) {
      if (abort.signal.aborted) return;
      setStage({ kind: 'choose', error: reasonOf(error, t) });
    }
  };

  const cancel = () => {
    if (stage.kind === 'running') {
      controller.current?.abort();
      toast({ type: 'info', description: t('exportsUi.cancelled') });
    }
    onClose();
  };

  const toggle = (format: ExportFormat, on: boolean) =>
    setFormats((list) => EXPORT_FORMATS.filter((f) => (f === format ? on : list.includes(f))));

  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{t('exportsUi.title', { cohort: cohort.name })}</DialogTitle>
      <DialogContent>
        {stage.kind === 'choose' && (
          <>
            <FormMessage
              message={stage.error ?? (readable.isError ? t('errors.unexpected') : null)}
            />
            <Typography sx={{ mb: leftOut ? 1 : 2 }}>
              {t('exportsUi.intro', { count: students })}
            </Typography>
            {leftOut > 0 && (
              <Typography sx={{ mb: 2 }}>{t('exportsUi.leftOut', { count: leftOut })}</Typography>
            )}
            <FormControl component="fieldset" error={formats.length === 0}>
              <FormLabel component="legend">{t('exportsUi.formatsLabel')}</FormLabel>
              <FormGroup row>
                {EXPORT_FORMATS.map((format) => (
                  <FormControlLabel
                    key={format}
                    control={
                      <Checkbox
                        checked={formats.includes(format)}
                        onChange={(event) => toggle(format, event.target.checked)}
                      />
                    }
                    label={t(`exportsUi.formats.${format}`)}
                  />
                ))}
              </FormGroup>
              {formats.length === 0 && (
                <FormHelperText sx={DANGER_TEXT}>{t('rules.notEmpty')}</FormHelperText>
              )}
            </FormControl>
          </>
        )}
        {stage.kind !== 'choose' && (
          <Box sx={{ py: 1 }}>
            <Typography id={`${titleId}-progress`} sx={{ mb: 1 }}>
              {t('exportsUi.progress', {
                done: stage.progress.done,
                total: stage.progress.total,
              })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(stage.progress.done / Math.max(stage.progress.total, 1)) * 100}
              aria-labelledby={`${titleId}-progress`}
              aria-valuenow={stage.progress.done}
              aria-valuemin={0}
              aria-valuemax={stage.progress.total}
              aria-valuetext={`${stage.progress.done} / ${stage.progress.total}`}
            />
          </Box>
        )}
        {stage.kind === 'finished' && (
          <Box role="status">
            <Typography sx={{ mb: 1 }}>
              {stage.saved > 0
                ? t('exportsUi.saved', { count: stage.saved })
                : t('exportsUi.nothingSaved')}
            </Typography>
            {stage.report && (
              <Typography sx={DANGER_TEXT}>
                {t('exportsUi.notBuilt', { file: stage.report })}
              </Typography>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {stage.kind === 'finished' ? (
          <Button variant="contained" onClick={onClose}>
            {t('common.close')}
          </Button>
        ) : (
          <Button onClick={cancel}>{t('list.cancel')}</Button>
        )}
        {stage.kind === 'choose' && (
          <Button
            variant="contained"
            disabled={formats.length === 0 || readable.isPending || students === 0}
            onClick={() => void start()}
          >
            {t('exportsUi.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
