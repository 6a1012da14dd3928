import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Remove Ada Lovelace?' */
  title: string;
  /** What happens when the merchant confirms. */
  consequence: string;
  /** The confirming button, e.g. 'Remove'. */
  confirmLabel: string;
  /** While true both buttons are disabled and the dialog stays open. */
  busy?: boolean;
  /** A failure of the confirmed action, shown in the dialog. */
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A destructive action asks first: title, consequence, Cancel and the action (an accessible alertdialog). */
export function ConfirmDialog({ open, title, consequence, confirmLabel, busy = false, error = null, onCancel, onConfirm }: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog open={open} onClose={() => !busy && onCancel()} role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{consequence}</DialogContentText>
        {error && (
          <DialogContentText role="alert" sx={{ color: 'error.main', mt: 1 }}>
            {error}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
