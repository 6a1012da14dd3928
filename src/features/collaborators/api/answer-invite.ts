import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { AcceptDecline, AcceptDeclineAnswer } from '@contract/collaborators/schemas';
import { api } from '@/api/client';

/** PUT /v1/shops/{alias}/design/collaborators/invites/accept-decline with token and status. */
export function answerInvite({ alias, ...body }: AcceptDecline & { alias: string }): Promise<AcceptDeclineAnswer> {
  return api<AcceptDeclineAnswer>(fillPath(COLLABORATOR_PATHS.acceptDecline, { alias }), { method: 'PUT', body, fallback: 'Could not answer the invite' });
}

export function useAnswerInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvite,
    // The shops shared with the user change; the notifications follow through their own update.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['shop-collaborations'] }), queryClient.invalidateQueries({ queryKey: ['invite-check'] })]),
  });
}
