import { useMutation } from '@tanstack/react-query';
import { CONTACT_PATHS } from '@contract/contact/paths';
import type { ContactMessagePayload } from '@contract/contact/schemas';
import { api } from '@/api/client';

/** POST /v1/contact: a message to the team, stored and e-mailed to them. */
export function sendContactMessage(payload: ContactMessagePayload): Promise<null> {
  return api<null>(CONTACT_PATHS.messages, { method: 'POST', body: payload, fallback: 'Your message could not be sent. Please try again.' });
}

export function useSendContactMessage() {
  // The form shows the answer itself (success or the server's reason), not a toast.
  return useMutation({ mutationFn: sendContactMessage, meta: { errorToast: false } });
}
