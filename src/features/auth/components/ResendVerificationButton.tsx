import type { ButtonProps } from '@mui/material/Button';
import type { User } from '@contract/users/schemas';
import { SubmitButton } from '@/components/form/SubmitButton';
import { useResendVerification } from '../api/send-email';

/** Sends `user` a new verification link; busy while it is being sent. */
export function ResendVerificationButton({ user, children = 'Resend', ...props }: ButtonProps & { user: User }) {
  const verification = useResendVerification();
  return (
    <SubmitButton variant="outlined" {...props} pending={verification.isPending} onClick={() => verification.resend(user)}>
      {children}
    </SubmitButton>
  );
}
