import { useMutation } from '@tanstack/react-query';
import type { SendEmailPayload } from '@contract/auth/schemas';
import type { User } from '@contract/users/schemas';
import { api } from '@/api/client';
import { toast } from '@/lib/toast';
import { EMAIL_PATHS } from '@contract/auth/paths';

/** POST /v1/emails/send: for example "Resend verification email". */
function sendEmail(payload: SendEmailPayload): Promise<null> {
  return api<null>(EMAIL_PATHS.send, { method: 'POST', body: payload, fallback: 'Could not send the email' });
}

/** "Resend verification email": sends the confirmation link to `user` and says so. */
export function useResendVerification() {
  const send = useMutation({ mutationFn: sendEmail });
  const resend = (user: User) =>
    send.mutate(
      { emailType: 'EMAIL_CONFIRMATION_EMAIL', to: user.email, firstName: user.firstName },
      { onSuccess: () => toast(`A new verification link was sent to ${user.email}`, { variant: 'success' }) },
    );
  return { resend, isPending: send.isPending };
}
