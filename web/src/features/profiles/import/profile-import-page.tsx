import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n.ts';
import { PrefetchLink } from '../../../components/prefetch-link.tsx';
import { api } from '../../../shared/api-client.ts';
import { ApiError } from '../../../shared/api-error.ts';
import { useLocalePath } from '../../../shared/use-locale-path.ts';
import { PROFILE_KINDS, useRoles, useUnits } from '../../../shared/api/profiles.ts';
import { IMPORT_FILE_TYPES, readImportFile } from './import-file.ts';
import { ImportPreview } from './import-preview.tsx';
import { kindCode, localProblems, rowsOf, type ImportRow } from './import-rows.ts';

type Stage =
  | { kind: 'empty' }
  | { kind: 'checking' | 'ready' | 'saving'; rows: ImportRow[]; problems: Record<string, string>[] }
  | { kind: 'done'; created: number }
  | { kind: 'failed'; message: string };

/** Server refusals of `rows.<i>.<field>` merged into the problems of each row. */
function withServerProblems(problems: Record<string, string>[], error: ApiError) {
  const merged = problems.map((p) => ({ ...p }));
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const match = /^rows\.(\d+)\.(\w+)$/.exec(name);
    if (match) merged[Number(match[1])]![match[2]!] = messages.join(' ');
  }
  return merged;
}

/**
 * Students or instructors of a unit from a CSV or Excel file: checked, previewed, then saved all
 * at once.
 */
export default function ProfileImportPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocalePath();
  const client = useQueryClient();
  const units = useUnits();
  const roles = useRoles(locale);
  const roleOptions = (roles.data?.roles ?? []).filter((r) =>
    ['STUDENT', 'INSTRUCTOR'].includes(r.value),
  );
  const [role, setRole] = useState('STUDENT');
  const [unit, setUnit] = useState('');
  const [stage, setStage] = useState<Stage>({ kind: 'empty' });
  const chosenUnit = unit || (units.data?.length === 1 ? String(units.data[0]!.id) : '');
  const kindLabels = [PROFILE_KINDS.map((k) => t(`profiles.kinds.${k}`))];
  // in the reader's words, with addresses no one uses: it imports as it is
  const sample = [
    ['firstName', 'lastName', 'email', 'kind'].map((field) => t(`profiles.fields.${field}`)),
    ['Léa', 'Exemple', 'lea.exemple@example.org', kindLabels[0]![0]!],
    ['Noah', 'Muster', 'noah.muster@example.org', kindLabels[0]![2]!],
  ]
    .map((cells) => cells.join(';'))
    .join('\n');

  const check = async (rows: ImportRow[], forRole: string, forUnit: string) => {
    const problems = localProblems(rows, forRole, kindLabels[0]);
    setStage({ kind: 'checking', rows, problems });
    if (!forUnit || rows.length === 0) return setStage({ kind: 'ready', rows, problems });
    try {
      await api.post('/profiles/import/', {
        unit: Number(forUnit),
        role: forRole,
        rows,
        dry_run: true,
      });
      setStage({ kind: 'ready', rows, problems });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        setStage({ kind: 'ready', rows, problems: withServerProblems(problems, error) });
      else setStage({ kind: 'failed', message: t('errors.unexpected') });
    }
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    let cells: string[][];
    try {
      cells = await readImportFile(file);
    } catch {
      return setStage({ kind: 'failed', message: t('import.unreadable') });
    }
    const rows = rowsOf(cells).map((row) => ({
      ...row,
      kind: kindCode(row.kind, kindLabels),
    }));
    await check(rows, role, chosenUnit);
  };

  const save = async (rows: ImportRow[], problems: Record<string, string>[]) => {
    setStage({ kind: 'saving', rows, problems });
    try {
      const result = await api.post<{ created: number[] }>('/profiles/import/', {
        unit: Number(chosenUnit),
        role,
        rows,
      });
      await client.invalidateQueries({ queryKey: ['profiles'] });
      setStage({ kind: 'done', created: result.created.length });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        setStage({ kind: 'ready', rows, problems: withServerProblems(problems, error) });
      else setStage({ kind: 'failed', message: t('errors.unexpected') });
    }
  };

  const rows = 'rows' in stage ? stage.rows : [];
  const problems = 'problems' in stage ? stage.problems : [];
  const bad = problems.filter((p) => Object.keys(p).length > 0).length;
  const rerun = (nextRole: string, nextUnit: string) => {
    if (rows.length) void check(rows, nextRole, nextUnit);
  };

  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('import.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('import.help')}</Typography>
      <Link
        href={`data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${sample}\n`)}`}
        download="import.csv"
      >
        {t('import.sample')}
      </Link>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', my: 2 }}>
        <TextField
          select
          size="small"
          label={t('profiles.fields.role')}
          value={roleOptions.length ? role : ''}
          onChange={(e) => {
            setRole(e.target.value);
            rerun(e.target.value, chosenUnit);
          }}
          sx={{ minWidth: 200 }}
        >
          {roleOptions.map((r) => (
            <MenuItem key={r.value} value={r.value}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('profiles.fields.unit')}
          value={units.data ? chosenUnit : ''}
          onChange={(e) => {
            setUnit(e.target.value);
            rerun(role, e.target.value);
          }}
          sx={{ minWidth: 260 }}
        >
          {(units.data ?? []).map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
        <Box component="label" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {t('import.chooseFile')}
          <input
            type="file"
            accept={IMPORT_FILE_TYPES}
            onChange={(e) => void readFile(e.target.files?.[0])}
          />
        </Box>
      </Box>
      <Box aria-live="polite">
        {stage.kind === 'checking' && <LinearProgress aria-label={t('import.checking')} />}
        {stage.kind === 'saving' && (
          <>
            <Typography role="status">{t('import.saving', { count: rows.length })}</Typography>
            <LinearProgress aria-label={t('import.saving', { count: rows.length })} />
          </>
        )}
        {stage.kind === 'done' && (
          <Alert severity="success" sx={{ my: 2 }}>
            {t('import.done', { count: stage.created })}{' '}
            <Link component={PrefetchLink} pageId="profiles" to={to(`/profiles?role=${role}`)}>
              {t('import.toProfiles')}
            </Link>
          </Alert>
        )}
        {stage.kind === 'failed' && (
          <Alert severity="error" sx={{ my: 2 }}>
            {stage.message}
          </Alert>
        )}
        {stage.kind === 'ready' && rows.length === 0 && (
          <Alert severity="warning">{t('import.emptyFile')}</Alert>
        )}
        {stage.kind === 'ready' && rows.length > 0 && (
          <Alert severity={bad ? 'error' : 'info'} sx={{ my: 2 }} data-testid="import-summary">
            {bad
              ? t('import.badRows', { count: bad, total: rows.length })
              : t('import.allGood', { total: rows.length })}
          </Alert>
        )}
      </Box>
      {rows.length > 0 && stage.kind !== 'done' && (
        <>
          <ImportPreview rows={rows} problems={problems} />
          <Button
            variant="contained"
            sx={{ mt: 2 }}
            disabled={stage.kind !== 'ready' || bad > 0 || !chosenUnit}
            onClick={() => void save(rows, problems)}
          >
            {t('import.save', { count: rows.length })}
          </Button>
        </>
      )}
    </>
  );
}
