import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../shared/i18n.ts';

/**
 * What signing a training report means ("discussed", not "agreed") and the signer's optional
 * comment: in the app's sign dialog and on the page of a mailed sign link.
 */
export function SignOffComment(props: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography sx={{ mb: 1 }}>{t('signOff.meaning')}</Typography>
      <TextField
        label={t('signOff.comment')}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        margin="dense"
      />
    </>
  );
}
