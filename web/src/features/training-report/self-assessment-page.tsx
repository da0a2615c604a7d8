import { memo, useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { EVALUATION_LEVELS, type EvaluationLevel } from '../../../../domain/constants.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { Choice, TextArea } from '../../components/native-fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { toast } from '../../components/toast.ts';
import { ApiError } from '../../shared/api-client.ts';
import { formatMoment } from '../../shared/date-format.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { useObjectTitle } from '../../shared/object-title.ts';
import { refusalMessage } from '../../shared/server-errors.ts';
import {
  saveSelfAssessment,
  selfAssessmentQuery,
  submitSelfAssessment,
  type SelfAssessment,
} from '../../shared/api/training-report.ts';

type Draft = Record<number, { evaluation: EvaluationLevel | null; text: string }>;

const draftOf = (s: SelfAssessment): Draft =>
  Object.fromEntries(
    s.criteria.map((c) => [c.criterion, { evaluation: c.evaluation, text: c.text }]),
  );

/** What the student changed since the server's copy: only those criteria are sent. */
function changes(saved: SelfAssessment, draft: Draft, view: string) {
  const criteria = saved.criteria
    .filter((c) => {
      const d = draft[c.criterion]!;
      return d.evaluation !== c.evaluation || d.text !== c.text;
    })
    .map((c) => ({ criterion: c.criterion, ...draft[c.criterion]! }));
  return { criteria, view: view === saved.view ? undefined : view };
}

/**
 * One criterion the student assesses: their level and their comment. Re-rendered only when its
 * own value changes, so typing in one comment does not redraw every other criterion on a phone.
 */
const SelfAssessedCriterion = memo(function SelfAssessedCriterion({
  criterion: c,
  value,
  editable,
  onChange,
}: {
  criterion: SelfAssessment['criteria'][number];
  value: Draft[number];
  editable: boolean;
  onChange: (criterion: number, value: Partial<Draft[number]>) => void;
}) {
  const { t } = useTranslation();
  const labelId = `criterion-${c.criterion}`;
  return (
    <Box
      component="section"
      aria-labelledby={labelId}
      sx={{ py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography variant="overline" color="text.secondary" component="p">
        {c.block}
      </Typography>
      <Typography id={labelId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {c.name}
      </Typography>
      {c.description && (
        <Typography variant="body2" color="text.secondary">
          {c.description}
        </Typography>
      )}
      {c.has_evaluation && (
        <Choice
          label={t('selfAssessment.myLevel')}
          value={value.evaluation}
          options={EVALUATION_LEVELS.map((level) => ({
            value: level,
            label: t(`enums.evaluationLevel.${level}`),
          }))}
          onChange={(evaluation) =>
            onChange(c.criterion, { evaluation: evaluation as EvaluationLevel | null })
          }
          disabled={!editable}
        />
      )}
      <TextArea
        label={t('selfAssessment.myComment', { name: c.name })}
        value={value.text}
        onChange={(text) => onChange(c.criterion, { text })}
        disabled={!editable}
      />
    </Box>
  );
});

function SelfAssessmentForm({ saved }: { saved: SelfAssessment }) {
  const { t, locale } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [view, setView] = useState(saved.view);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const editable = saved.editable;
  const pending = changes(saved, draft, view);
  const dirty = pending.criteria.length > 0 || pending.view !== undefined;

  const keep = (next: SelfAssessment) =>
    client.setQueryData(selfAssessmentQuery(saved.assessment).queryKey, next);
  const refused = (e: unknown) => setError(refusalMessage(e, t('errors.unexpected')));

  const save = useMutation({
    mutationFn: () => saveSelfAssessment(saved.assessment, { ...pending, version: saved.version }),
    onSuccess: (next) => {
      keep(next);
      setError(null);
      toast({ type: 'success', description: t('selfAssessment.saved') });
    },
    onError: refused,
  });
  const submit = useMutation({
    mutationFn: async () => {
      const current = dirty
        ? await saveSelfAssessment(saved.assessment, { ...pending, version: saved.version })
        : saved;
      return submitSelfAssessment(saved.assessment, current.version);
    },
    onSuccess: (next) => {
      keep(next);
      setConfirming(false);
      toast({ type: 'success', description: t('selfAssessment.submitted') });
    },
    onError: (e) => {
      setConfirming(false);
      refused(e);
    },
  });

  const set = useCallback(
    (criterion: number, value: Partial<Draft[number]>) =>
      setDraft((d) => ({ ...d, [criterion]: { ...d[criterion]!, ...value } })),
    [],
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), save.mutate())}>
      {saved.submitted_at ? (
        <FormMessage
          severity="success"
          message={t('selfAssessment.submittedAt', {
            moment: formatMoment(saved.submitted_at, locale),
          })}
        />
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('selfAssessment.intro')}
        </Typography>
      )}
      <FormMessage message={error} />
      {saved.criteria.map((c) => (
        <SelfAssessedCriterion
          key={c.criterion}
          criterion={c}
          value={draft[c.criterion]!}
          editable={editable}
          onChange={set}
        />
      ))}
      <Box component="section" aria-labelledby="view-title" sx={{ py: 2 }}>
        <Typography id="view-title" component="h2" variant="h6">
          {t('selfAssessment.view')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('selfAssessment.viewHelp')}
        </Typography>
        <TextArea
          label={t('selfAssessment.view')}
          value={view}
          onChange={setView}
          disabled={!editable}
          rows={4}
        />
      </Box>
      {editable && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="outlined" disabled={!dirty || save.isPending}>
            {t('selfAssessment.save')}
          </Button>
          <Button variant="contained" onClick={() => setConfirming(true)}>
            {t('selfAssessment.submit')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('selfAssessment.confirmTitle')}
        confirmLabel={t('selfAssessment.submit')}
        busy={submit.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => submit.mutate()}
      >
        {t('selfAssessment.confirmText')}
      </ConfirmDialog>
    </Box>
  );
}

/** /assessments/{id}/self-assessment: the student assesses themselves on the report's criteria. */
export default function SelfAssessmentPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuery(selfAssessmentQuery(id));
  useObjectTitle(query.data?.module.name);
  if (query.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader title={t('selfAssessment.title')} />
        <FormMessage message={t(missing ? 'assessment.notFound' : 'errors.unexpected')} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('selfAssessment.title')} />
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {query.data.module.name}
      </Typography>
      <SelfAssessmentForm key={query.data.version} saved={query.data} />
    </>
  );
}
