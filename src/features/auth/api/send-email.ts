import { useMutation } from '@tanstack/react-query';
import type { SendEmailPayload } from '@contract/accounts';
import { api } from '@/api/client';

/** POST /v1/emails/send: for example "Resend verification email". */
export function sendEmail(payload: SendEmailPayload): Promise<null> {
  return api<null>('/v1/emails/send', { method: 'POST', body: payload, fallback: 'Could not send the email' });
}

export function useSendEmail() {
  return useMutation({ mutationFn: sendEmail });
}
