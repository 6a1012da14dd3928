import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';

interface LogoutDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Spec section 2: Logout asks first. */
export function LogoutDialog({ open, onCancel, onConfirm }: LogoutDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="logout-dialog-title">
      <DialogTitle id="logout-dialog-title">Are you sure you want to log out?</DialogTitle>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm}>
          Yes, Logout
        </Button>
      </DialogActions>
    </Dialog>
  );
}
