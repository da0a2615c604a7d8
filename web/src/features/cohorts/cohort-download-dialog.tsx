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
import { useSession } from '../../shared/session.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { profileListQuery } from '../../shared/api/profiles.ts';
import {
  assessedStudentsQuery,
  EXPORT_FORMATS,
  summaryExportPath,
  type ExportFormat,
  type StudentName,
} from '../../shared/api/grade-summary.ts';
import {
  runBatch,
  zipFiles,
  type BatchFailure,
  type BatchProgress,
  type BatchStudent,
  type FetchOne,
} from './batch-download.ts';

type Stage =
  | { kind: 'choose' }
  | { kind: 'running'; progress: BatchProgress }
  | { kind: 'finished'; progress: BatchProgress; saved: number; failures: BatchFailure[] };

const fetchOne: FetchOne = async (student, format, signal) => {
  const file = await fetchFile(summaryExportPath(student.id, format), `${student.name}.${format}`, {
    signal,
  });
  return { filename: file.filename, data: new Uint8Array(await file.blob.arrayBuffer()) };
};

const reasonOf = (error: unknown, t: Translate) => {
  if (!(error instanceof ApiError)) return t('errors.network');
  return error.status === 404 ? t('exportsUi.notVisible') : error.message;
};

/**
 * The names of the students whose summaries the reader may read: the unit's students for those
 * who manage people, the students they assess for instructors (the others are left out).
 */
function useCohortNames(cohort: CohortJson) {
  const { user } = useSession();
  const managesPeople = Boolean(user?.permissions.includes('listProfile'));
  const unitStudents = useQuery({
    ...profileListQuery(`roles=STUDENT&unit=${cohort.unit}&limit=1000`),
    enabled: managesPeople,
    select: (page): StudentName[] => page.results,
  });
  const assessed = useQuery({ ...assessedStudentsQuery(), enabled: !managesPeople });
  return managesPeople ? unitStudents : assessed;
}

/**
 * Every student's grade summary of a cohort, fetched one after another with a progress bar and
 * saved as one ZIP; failures are listed per student, the others still saved.
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
  const known = useCohortNames(cohort);
  const [formats, setFormats] = useState<ExportFormat[]>(['pdf']);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const names = new Map((known.data ?? []).map((p) => [p.id, `${p.last_name} ${p.first_name}`]));
  const students: BatchStudent[] = cohort.students
    .flatMap((id) => {
      const name = names.get(id);
      return name ? [{ id, name }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const leftOut = known.isSuccess ? cohort.students.length - students.length : 0;

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setStage({ kind: 'running', progress: { done: 0, total: students.length * formats.length } });
    let last: BatchProgress = { done: 0, total: 0 };
    const result = await runBatch(students, formats, fetchOne, {
      signal: abort.signal,
      onProgress: (progress) => {
        last = progress;
        setStage({ kind: 'running', progress });
      },
    });
    if (result.cancelled) return;
    if (result.files.length > 0) {
      const zip = zipFiles(result.files) as Uint8Array<ArrayBuffer>;
      saveFile({
        blob: new Blob([zip], { type: 'application/zip' }),
        filename: `${t('exportsUi.zipName', { cohort: cohort.name })}.zip`,
      });
    }
    setStage({
      kind: 'finished',
      progress: last,
      saved: result.files.length,
      failures: result.failures,
    });
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
            <FormMessage message={known.isError ? t('errors.unexpected') : null} />
            <Typography sx={{ mb: leftOut ? 1 : 2 }}>
              {t('exportsUi.intro', { count: students.length })}
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
            {stage.failures.length > 0 && (
              <>
                <Typography component="h3" variant="subtitle1" sx={DANGER_TEXT}>
                  {t('exportsUi.failures', { count: stage.failures.length })}
                </Typography>
                <Box component="ul" sx={{ pl: 3, my: 0.5 }}>
                  {stage.failures.map((failure) => (
                    <li key={`${failure.student.id}-${failure.format}`}>
                      {failure.student.name} ({t(`exportsUi.formats.${failure.format}`)}):{' '}
                      {reasonOf(failure.error, t)}
                    </li>
                  ))}
                </Box>
              </>
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
            disabled={formats.length === 0 || known.isPending || students.length === 0}
            onClick={() => void start()}
          >
            {t('exportsUi.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
