import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../shared/i18n.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { DANGER_TEXT } from '../../components/data-list/danger.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../shared/api-client.ts';
import { fetchFile, saveFile } from '../../shared/download.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import {
  assessmentQuery,
  deleteAssessment,
  moduleGroupsQuery,
  moveAssessment,
  transition,
  type AssessmentJson,
  type TransitionRoute,
} from './api.ts';
import { FieldErrors } from '../../components/native-fields.tsx';
import { formatGrade } from '../../shared/grade-format.ts';
import { unevaluatedCriteria } from './unevaluated.ts';

const TRANSITIONS: { action: keyof AssessmentJson['permissions']; route: TransitionRoute }[] = [
  { action: 'validate', route: 'validate' },
  { action: 'close', route: 'close' },
  { action: 'reopen', route: 'reopen' },
  { action: 'include', route: 'include_in_grade_summary' },
  { action: 'exclude', route: 'exclude_from_grade_summary' },
];

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 500 ? error.message : fallback;

function MoveDialog(props: {
  detail: AssessmentJson;
  onClose: () => void;
  onMoved: (detail: AssessmentJson) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const groups = useQuery(moduleGroupsQuery(props.detail.module.id));
  const others = (groups.data ?? []).filter((g) => g.id !== props.detail.group?.id);
  const [group, setGroup] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!group) {
      setFieldError([t('rules.required')]);
      return;
    }
    setBusy(true);
    try {
      props.onMoved(await moveAssessment(props.detail.id, Number(group), props.detail.version));
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fieldErrors : {};
      if (fields.group) setFieldError(fields.group);
      else setError(errorText(caught, t('errors.unexpected')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={t('assessment.move.title')}
      submitLabel={t('assessment.move.submit')}
      formError={error}
      submitting={busy || groups.isPending}
      onClose={props.onClose}
      onSubmit={(event) => void submit(event)}
    >
      <Box
        component="label"
        htmlFor={id}
        sx={{ display: 'block', fontWeight: 500, mb: 0.5, mt: 1 }}
      >
        {t('assessment.move.group')}
      </Box>
      <Box
        component="select"
        id={id}
        value={group}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) => {
          setGroup(event.target.value);
          setFieldError(undefined);
        }}
        aria-invalid={Boolean(fieldError)}
        aria-describedby={fieldError ? `${id}-error` : undefined}
        className="field-control"
      >
        <option value="">{t('assessment.move.choose')}</option>
        {others.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </Box>
      <FieldErrors id={`${id}-error`} messages={fieldError} />
      {groups.isSuccess && others.length === 0 && (
        <Box component="p" sx={{ mt: 1 }}>
          {t('assessment.move.noOtherGroup')}
        </Box>
      )}
    </FormDialog>
  );
}

/** The second look before validating: the module grade, what is still unevaluated, who can reopen. */
function ValidateDialog(props: {
  open: boolean;
  detail: AssessmentJson;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t, locale } = useTranslation();
  const missing = props.open ? unevaluatedCriteria(props.detail) : [];
  return (
    <ConfirmDialog
      open={props.open}
      title={t('assessment.validateConfirm.title')}
      confirmLabel={t('assessment.actions.validate')}
      busy={props.busy}
      onClose={props.onClose}
      onConfirm={props.onConfirm}
    >
      <Box component="p" sx={{ mt: 0 }}>
        {t('assessment.moduleGrade', { grade: formatGrade(props.detail.grade, locale) })}
      </Box>
      {missing.length > 0 ? (
        <>
          <Box component="p" sx={{ mb: 0.5 }}>
            {t('assessment.validateConfirm.missing', { count: missing.length })}
          </Box>
          <Box component="ul" sx={{ mt: 0 }}>
            {missing.map((name, index) => (
              <li key={index}>{name}</li>
            ))}
          </Box>
        </>
      ) : (
        <Box component="p">{t('assessment.validateConfirm.complete')}</Box>
      )}
      <Box component="p" sx={{ mb: 0 }}>
        {t('assessment.validateConfirm.consequence')}
      </Box>
    </ConfirmDialog>
  );
}

/**
 * What the reader may do with the assessment (the server's `permissions`): validate, close,
 * reopen, include in or exclude from the grade summary, move, delete, and the PDF.
 * Waits for the unsaved edits first: a transition carries the version they produce.
 */
export function AssessmentActions(props: {
  detail: AssessmentJson;
  unsaved: boolean;
  onChanged: (detail: AssessmentJson) => void;
  onExplain: () => void;
}) {
  const { t } = useTranslation();
  const { go } = useLocalePath();
  const client = useQueryClient();
  const { detail } = props;
  const [busy, setBusy] = useState(false);
  const [moving, setMoving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [validating, setValidating] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  /** the version a transition produced, until the page shows it */
  const refocus = useRef<number | null>(null);

  // the pressed button may be gone after a transition: the focus stays in the actions
  useEffect(() => {
    if (busy || refocus.current !== detail.version) return;
    refocus.current = null;
    if (bar.current && !bar.current.contains(document.activeElement))
      bar.current.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [busy, detail.version]);

  const run = async (route: TransitionRoute, action: string) => {
    setBusy(true);
    try {
      const next = await transition(detail.id, route, detail.version);
      refocus.current = next.version;
      props.onChanged(next);
      toast({ type: 'success', description: t(`assessment.done.${action}`) });
    } catch (error) {
      toast({ type: 'error', description: errorText(error, t('errors.unexpected')) });
      // someone else changed it meanwhile: show their version (nothing of ours is unsaved)
      if (error instanceof ApiError && error.code === 'stale_version')
        await client
          .fetchQuery({ ...assessmentQuery(detail.id), staleTime: 0 })
          .then(props.onChanged, () => toast({ type: 'error', description: t('errors.network') }));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteAssessment(detail.id);
      client.removeQueries({ queryKey: assessmentQuery(detail.id).queryKey });
      toast({ type: 'success', description: t('assessment.done.delete') });
      go('/');
    } catch (error) {
      toast({ type: 'error', description: errorText(error, t('errors.unexpected')) });
      setBusy(false);
      setDeleting(false);
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchFile(`/assessments/${detail.id}/pdf/`, `assessment-${detail.id}.pdf`));
    } catch (error) {
      toast({ type: 'error', description: errorText(error, t('assessment.pdfFailed')) });
    } finally {
      setDownloading(false);
    }
  };

  const disabled = busy || props.unsaved;
  const p = detail.permissions;
  return (
    <Box ref={bar} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 2 }}>
      {TRANSITIONS.filter(({ action }) => p[action]).map(({ action, route }) => (
        <Button
          key={action}
          variant={action === 'validate' ? 'contained' : 'outlined'}
          disabled={disabled}
          // validating cannot be undone by the instructor: it is asked first
          onClick={() => (action === 'validate' ? setValidating(true) : void run(route, action))}
          sx={{ minHeight: 44 }}
        >
          {t(`assessment.actions.${action}`)}
        </Button>
      ))}
      {p.move && (
        <Button
          variant="outlined"
          disabled={disabled}
          onClick={() => setMoving(true)}
          sx={{ minHeight: 44 }}
        >
          {t('assessment.actions.move')}
        </Button>
      )}
      <Button variant="outlined" onClick={props.onExplain} sx={{ minHeight: 44 }}>
        {t('assessment.explain.open')}
      </Button>
      <Button
        variant="outlined"
        disabled={downloading}
        onClick={() => void download()}
        sx={{ minHeight: 44 }}
      >
        {downloading ? t('assessment.downloading') : t('assessment.actions.pdf')}
      </Button>
      {p.delete && (
        <Button
          variant="outlined"
          disabled={disabled}
          onClick={() => setDeleting(true)}
          sx={{ ...DANGER_TEXT, minHeight: 44 }}
        >
          {t('assessment.actions.delete')}
        </Button>
      )}
      {moving && (
        <MoveDialog
          detail={detail}
          onClose={() => setMoving(false)}
          onMoved={(moved) => {
            setMoving(false);
            props.onChanged(moved);
            toast({ type: 'success', description: t('assessment.done.move') });
          }}
        />
      )}
      <ValidateDialog
        open={validating}
        detail={detail}
        busy={busy}
        onClose={() => setValidating(false)}
        onConfirm={() => {
          setValidating(false);
          void run('validate', 'validate');
        }}
      />
      <ConfirmDialog
        open={deleting}
        title={t('assessment.deleteTitle')}
        confirmLabel={t('assessment.actions.delete')}
        danger
        busy={busy}
        onClose={() => setDeleting(false)}
        onConfirm={() => void remove()}
      >
        {t('assessment.deleteText', {
          name: `${detail.student.first_name} ${detail.student.last_name}`,
        })}
      </ConfirmDialog>
    </Box>
  );
}
