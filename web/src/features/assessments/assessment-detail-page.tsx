import { lazy, Suspense, useState } from 'react';
import { usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n.ts';
import { useSession } from '../../shared/session.ts';
import { ConfirmDialog } from '../../components/data-list/confirm-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { PrefetchLink } from '../../components/prefetch-link.tsx';
import { ApiError } from '../../shared/api-client.ts';
import { useLocalePath } from '../../shared/use-locale-path.ts';
import { assessmentQuery, type AssessmentJson } from './api.ts';
import { AssessmentActions } from './assessment-actions.tsx';
import { assessmentTarget, isEditable, liveGrades } from './assessment-tree.ts';
import { BlockSection } from './block-section.tsx';
import { ConflictPanel } from './conflict-panel.tsx';
import { TextArea } from '../../components/native-fields.tsx';
import { formatGrade } from '../../shared/grade-format.ts';
import { GradeExplanation } from '../../components/grade-explanation.tsx';
import { hasUnsaved, keyOf, overlay } from './save-queue.ts';
import { SaveState } from './save-state.tsx';
import { useAutosave } from './use-autosave.ts';
import { useObjectTitle } from '../../shared/object-title.ts';
import { AssessmentHistory } from './assessment-history.tsx';
import { goalsQuery, selfAssessmentQuery } from '../../shared/api/training-report.ts';

const TrainingReportSections = lazy(() => import('./training-report/training-report-sections.tsx'));

/** A training report's sections, their code and their data asked for side by side. */
function TrainingReport(props: {
  detail: AssessmentJson;
  onChanged: (detail: AssessmentJson) => void;
}) {
  const { t } = useTranslation();
  usePrefetchQuery(selfAssessmentQuery(props.detail.id));
  usePrefetchQuery(goalsQuery(props.detail.id));
  return (
    <Suspense fallback={<Typography role="status">{t('common.loading')}</Typography>}>
      <TrainingReportSections detail={props.detail} onChanged={props.onChanged} />
    </Suspense>
  );
}

function AssessmentView({ detail }: { detail: AssessmentJson }) {
  const { t, locale } = useTranslation();
  const { to } = useLocalePath();
  const { user } = useSession();
  const client = useQueryClient();
  const autosave = useAutosave(detail);
  const { queue } = autosave;
  const [explaining, setExplaining] = useState(false);
  const editable = isEditable(detail);
  const grades = liveGrades(detail, queue);
  const target = assessmentTarget(detail);
  const comment = (overlay(queue, target).comment as string | undefined) ?? detail.comment;
  const commentErrors = queue.errors[keyOf(target)];
  const unsaved = hasUnsaved(queue);
  const student = `${detail.student.first_name} ${detail.student.last_name}`;

  const changed = (next: AssessmentJson) => {
    client.setQueryData(assessmentQuery(detail.id).queryKey, next);
    autosave.setVersion(next.version);
  };

  return (
    // a focused field is never hidden under the sticky bars (app bar + save state)
    <Box sx={{ '& :is(input, select, textarea)': { scrollMarginTop: { xs: 170, sm: 140 } } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {t('assessment.title', { name: student })}
        </Typography>
        <Chip
          variant="outlined"
          label={t(`enums.assessmentStatus.${detail.status}`)}
          data-testid="assessment-status"
        />
        <Chip
          variant="outlined"
          label={t(
            detail.is_included_in_grade_summary ? 'assessment.included' : 'assessment.excluded',
          )}
        />
      </Box>
      <Typography color="text.secondary">
        {user?.permissions.includes('listModuleInstance') ? (
          <Link
            component={PrefetchLink}
            pageId="module-detail"
            params={{ id: String(detail.module.id) }}
            to={to(`/modules/${detail.module.id}`)}
          >
            {detail.module.name}
          </Link>
        ) : (
          detail.module.name
        )}
        {detail.group && ` · ${detail.group.name}`}
      </Typography>
      {detail.module.status !== 'OPEN' && (
        <FormMessage
          severity="info"
          message={t('assessment.moduleClosed', {
            status: t(`enums.moduleStatus.${detail.module.status}`),
          })}
        />
      )}
      <AssessmentActions
        detail={detail}
        unsaved={unsaved}
        onChanged={changed}
        onExplain={() => setExplaining(true)}
      />
      <SaveState
        queue={queue}
        editable={editable}
        moduleGrade={
          detail.module.graded
            ? t('assessment.moduleGrade', {
                grade: formatGrade(unsaved ? grades.module : detail.grade, locale),
              })
            : null
        }
        onRetry={autosave.retryNow}
      />
      <ConflictPanel
        detail={detail}
        queue={queue}
        differences={autosave.differences}
        onTakeTheirs={autosave.takeTheirs}
        onUseTheirs={autosave.takeTheirValue}
        onSaveMine={autosave.saveMine}
        onDiscardMine={autosave.discardMine}
        editable={editable}
      />
      {detail.blocks.map((block) => (
        <BlockSection
          key={block.id}
          block={block}
          depth={0}
          ctx={{
            queue,
            editable,
            withTrend: detail.module.module_type === 'TRAINING_REPORT',
            grades,
            confirmed: !unsaved,
            change: autosave.change,
          }}
        />
      ))}
      {editable ? (
        <TextArea
          label={t('assessment.assessmentComment')}
          value={comment}
          rows={3}
          onChange={(value) => autosave.change(target, { comment: value })}
          errors={commentErrors?.comment ?? commentErrors?.non_field_errors}
        />
      ) : (
        comment && (
          <Box component="section" sx={{ mt: 2 }}>
            <Typography component="h2" variant="h6">
              {t('assessment.assessmentComment')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{comment}</Typography>
          </Box>
        )
      )}
      {detail.module.module_type === 'TRAINING_REPORT' && (
        <TrainingReport detail={detail} onChanged={changed} />
      )}
      <AssessmentHistory assessmentId={detail.id} />
      <GradeExplanation
        open={explaining}
        onClose={() => setExplaining(false)}
        detail={detail}
        grades={grades}
      />
      <ConfirmDialog
        open={autosave.blocker.state === 'blocked'}
        title={t('assessment.leave.title')}
        confirmLabel={t('assessment.leave.confirm')}
        danger
        onClose={() => autosave.blocker.reset?.()}
        onConfirm={() => autosave.blocker.proceed?.()}
      >
        {t('assessment.leave.text')}
      </ConfirmDialog>
    </Box>
  );
}

/** /assessments/{id}: evaluate a student, saved as one types, with live grades. */
export default function AssessmentDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const assessment = useQuery(assessmentQuery(id));
  const a = assessment.data;
  useObjectTitle(a && `${a.student.first_name} ${a.student.last_name}, ${a.module.name}`);
  // the autosave starts from the version it is given: never from an old copy being read again
  const reading = assessment.isFetching && !assessment.isFetchedAfterMount;
  if (assessment.isPending || (reading && !assessment.isError))
    return <Typography role="status">{t('common.loading')}</Typography>;
  if (assessment.isError) {
    const missing = assessment.error instanceof ApiError && assessment.error.status === 404;
    return (
      <>
        <Typography component="h1" variant="h4">
          {t('pages.assessmentDetail')}
        </Typography>
        <FormMessage message={t(missing ? 'assessment.notFound' : 'errors.unexpected')} />
      </>
    );
  }
  return <AssessmentView key={id} detail={assessment.data} />;
}
