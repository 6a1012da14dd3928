import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { Invite, InviteUpdate } from '@contract/collaborators/schemas';
import { api } from '@/api/client';
import { invitesQueryOptions } from './get-invites';

/** PUT /v1/shops/{alias}/design/collaborators/invites with the invite (new rights, or status revoked). */
export function updateInvite({ alias, ...body }: InviteUpdate & { alias: string }): Promise<Invite> {
  return api<Invite>(fillPath(COLLABORATOR_PATHS.invites, { alias }), { method: 'PUT', body, fallback: 'Could not change the invite' });
}

export function useUpdateInvite(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryOptions(alias).queryKey }) });
}
