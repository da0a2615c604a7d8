import { useRef, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from '../../shared/i18n.ts';
import { DANGER_FILLED } from './danger.ts';

/** Asks before an action that is hard to undo; focus starts on Cancel. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="confirm-title"
      // the safe choice has the focus: Enter right away does nothing that cannot be undone
      slotProps={{ transition: { onEntered: () => cancel.current?.focus() } }}
    >
      <DialogTitle id="confirm-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{props.children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} ref={cancel}>
          {t('list.cancel')}
        </Button>
        <Button
          onClick={props.onConfirm}
          variant="contained"
          sx={props.danger ? DANGER_FILLED : undefined}
          disabled={props.busy}
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
