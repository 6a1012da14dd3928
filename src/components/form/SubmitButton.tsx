import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A button that shows progress and stays disabled while its request runs. */
export function SubmitButton({ pending, disabled, children, ...props }: ButtonProps & { pending?: boolean }) {
  return (
    <Button
      variant="contained"
      {...props}
      disabled={Boolean(disabled) || Boolean(pending)}
      aria-busy={pending || undefined}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : props.startIcon}
    >
      {children}
    </Button>
  );
}
