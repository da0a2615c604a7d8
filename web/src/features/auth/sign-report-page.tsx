import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AssessmentDetail } from '../../../../domain/schemas/assessment-detail.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { SignOffComment } from '../../components/sign-off-comment.tsx';
import { readSignLink, signByLink } from '../../shared/api/training-report.ts';
import { formatDay, formatMoment } from '../../shared/date-format.ts';
import { fetchFile, saveFile } from '../../shared/download.ts';
import { useTranslation } from '../../shared/i18n.ts';
import { refusalMessage } from '../../shared/server-errors.ts';
import { AuthCard } from './auth-card.tsx';

type State =
  | { step: 'reading' }
  | { step: 'asking' | 'signing'; detail: AssessmentDetail; expiresAt: string }
  | { step: 'done'; detail: AssessmentDetail }
  | { step: 'refused'; message: string };

/**
 * /sign-report?token=…: a legal representative without a login, from the link mailed to them,
 * reads which report waits for them (and its PDF) and signs it, with a comment if they wish.
 */
export default function SignReportPage() {
  const { t, locale } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'reading' });
  const [comment, setComment] = useState('');
  const [pdfError, setPdfError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    readSignLink(token).then(
      ({ detail, expires_at }) => setState({ step: 'asking', detail, expiresAt: expires_at }),
      (error) => setState({ step: 'refused', message: refusalMessage(error, t('errors.network')) }),
    );
  }, [token, t]);

  const sign = async (detail: AssessmentDetail, expiresAt: string) => {
    setState({ step: 'signing', detail, expiresAt });
    try {
      setState({ step: 'done', detail: await signByLink(detail.id, token, comment.trim()) });
    } catch (error) {
      setState({ step: 'refused', message: refusalMessage(error, t('errors.network')) });
    }
  };
  const pdf = async () => {
    try {
      saveFile(
        await fetchFile('/training-reports/sign-link/pdf/', 'report.pdf', { post: { token } }),
      );
    } catch (error) {
      setPdfError(refusalMessage(error, t('assessment.pdfFailed')));
    }
  };

  return (
    <AuthCard title={t('signReport.title')}>
      {!token && <FormMessage message={t('signReport.missing')} />}
      {token && state.step === 'reading' && (
        <Typography role="status">{t('common.loading')}</Typography>
      )}
      {(state.step === 'asking' || state.step === 'signing') && (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => (e.preventDefault(), void sign(state.detail, state.expiresAt))}
        >
          <Typography>
            {t('signReport.intro', {
              module: state.detail.module.name,
              student: `${state.detail.student.first_name} ${state.detail.student.last_name}`,
              validated: state.detail.validated_at
                ? formatMoment(state.detail.validated_at, locale)
                : '—',
            })}
          </Typography>
          <Button variant="outlined" sx={{ my: 2 }} onClick={() => void pdf()}>
            {t('signReport.pdf')}
          </Button>
          <FormMessage message={pdfError} />
          <SignOffComment value={comment} onChange={setComment} />
          <Typography variant="body2" color="text.secondary">
            {t('signReport.until', { day: formatDay(state.expiresAt.slice(0, 10), locale) })}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            sx={{ mt: 2 }}
            disabled={state.step === 'signing'}
          >
            {t('signOff.confirm')}
          </Button>
        </Box>
      )}
      {state.step === 'done' && <FormMessage severity="success" message={t('signReport.done')} />}
      {state.step === 'refused' && <FormMessage message={state.message} />}
    </AuthCard>
  );
}
