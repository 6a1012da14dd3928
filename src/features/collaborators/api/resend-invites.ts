import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { Invite } from '@contract/collaborators/schemas';
import { api } from '@/api/client';
import { invitesQueryOptions } from './get-invites';

/** POST /v1/shops/{alias}/design/collaborators/invites without a body: every open invite gets a new link. */
export function resendInvites(alias: string): Promise<Invite[]> {
  return api<Invite[]>(fillPath(COLLABORATOR_PATHS.invites, { alias }), { method: 'POST', fallback: 'Could not resend the invites' });
}

export function useResendInvites(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendInvites(alias),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryOptions(alias).queryKey }),
  });
}
