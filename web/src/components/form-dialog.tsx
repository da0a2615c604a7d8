import { useId, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../shared/i18n.ts';
import { FormMessage } from './form-message.tsx';

/**
 * A small form in a dialog: title, the form's message, its fields, cancel and submit. Once the
 * work is done (`done`), the submit button alone closes it: there is nothing left to cancel.
 */
export function FormDialog(props: {
  title: string;
  submitLabel: string;
  done?: boolean;
  formError: string | null;
  submitting: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth>
      <Box component="form" noValidate onSubmit={props.onSubmit}>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <FormMessage message={props.formError} />
          {props.children}
        </DialogContent>
        <DialogActions>
          {!props.done && <Button onClick={props.onClose}>{t('list.cancel')}</Button>}
          <Button type="submit" variant="contained" disabled={props.submitting}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
