import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SIGNATURE_ROLES } from '../../../../../domain/constants.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { SignOffComment } from '../../../components/sign-off-comment.tsx';
import { toast } from '../../../components/toast.ts';
import { formatMoment } from '../../../shared/date-format.ts';
import { useTranslation } from '../../../shared/i18n.ts';
import { refusalMessage } from '../../../shared/server-errors.ts';
import type { AssessmentJson } from '../api.ts';
import { sendSignLink, signReport } from '../../../shared/api/training-report.ts';
import { useSession } from '../../../shared/session.ts';

/**
 * On a validated training report: who signed, when and with which comment, who is still missing,
 * and the sign button for a party it waits for (signing means "discussed", not "agreed").
 */
export function SignOffSection(props: {
  detail: AssessmentJson;
  onChanged: (next: AssessmentJson) => void;
}) {
  const { t, locale } = useTranslation();
  const { user } = useSession();
  const { detail } = props;
  const [signing, setSigning] = useState(false);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (detail.status === 'IN_PROGRESS') return null;
  const mayResend =
    detail.signatures_missing.includes('LEGAL_REPRESENTATIVE') &&
    Boolean(user?.permissions.includes('sendSignLink'));

  const resend = async () => {
    setBusy(true);
    try {
      const { sent } = await sendSignLink(detail.id);
      toast({ type: 'success', description: t('signOff.resent', { count: sent }) });
    } catch (e) {
      toast({ type: 'error', description: refusalMessage(e, t('errors.unexpected')) });
    } finally {
      setBusy(false);
    }
  };
  const required = detail.signatures.length + detail.signatures_missing.length;

  const sign = async () => {
    setBusy(true);
    try {
      props.onChanged(await signReport(detail.id, comment.trim()));
      toast({ type: 'success', description: t('signOff.done') });
      setSigning(false);
    } catch (e) {
      setError(refusalMessage(e, t('errors.unexpected')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="sign-off-title" sx={{ mt: 3 }}>
      <Typography id="sign-off-title" component="h2" variant="h6">
        {t('signOff.title')}
      </Typography>
      <Typography role="status" data-testid="sign-off-progress">
        {detail.signatures_missing.length === 0
          ? t('signOff.complete')
          : t('signOff.progress', { signed: detail.signatures.length, required })}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5 }}>
        {detail.signatures.map((s) => (
          <li key={s.role}>
            {t('signOff.signedBy', {
              role: t(`enums.signatureRole.${s.role}`),
              name: `${s.profile.first_name} ${s.profile.last_name}`,
              moment: formatMoment(s.signed_at, locale),
            })}
            {s.comment && ` – ${t('signOff.commented', { comment: s.comment })}`}
          </li>
        ))}
        {SIGNATURE_ROLES.filter((r) => detail.signatures_missing.includes(r)).map((role) => (
          <li key={role}>{t('signOff.missing', { role: t(`enums.signatureRole.${role}`) })}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {detail.permissions.sign && (
          <Button variant="contained" onClick={() => setSigning(true)}>
            {t('signOff.sign')}
          </Button>
        )}
        {mayResend && (
          <Button variant="outlined" disabled={busy} onClick={() => void resend()}>
            {t('signOff.resend')}
          </Button>
        )}
      </Box>
      {signing && (
        <FormDialog
          title={t('signOff.sign')}
          submitLabel={t('signOff.confirm')}
          formError={error}
          submitting={busy}
          onClose={() => setSigning(false)}
          onSubmit={(e) => {
            e.preventDefault();
            void sign();
          }}
        >
          <SignOffComment value={comment} onChange={setComment} />
        </FormDialog>
      )}
    </Box>
  );
}
