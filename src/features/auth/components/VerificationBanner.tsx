import Alert from '@mui/material/Alert';
import type { User } from '@contract/users/schemas';
import { useReportedHeight } from '@/lib/use-reported-height';
import { ResendVerificationButton } from './ResendVerificationButton';

const VERIFY_BANNER_TEXT = 'Please verify your account. A verification link was sent to your email.';

interface VerificationBannerProps {
  user: User;
  /** Its height in px as it changes (0 once gone), so the page can start below it. */
  onHeightChange: (height: number) => void;
}

/** Spec section 2 (homepage) and 4 "Verification": shown while the user requires verification. */
export function VerificationBanner({ user, onHeightChange }: VerificationBannerProps) {
  const ref = useReportedHeight<HTMLDivElement>(onHeightChange);
  return (
    <Alert
      ref={ref}
      role="status"
      severity="warning"
      variant="filled"
      sx={{ borderRadius: 0, justifyContent: 'center', alignItems: 'center' }}
      action={<ResendVerificationButton user={user} variant="text" color="inherit" size="small" />}
    >
      {VERIFY_BANNER_TEXT}
    </Alert>
  );
}
