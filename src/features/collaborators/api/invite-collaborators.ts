import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { Invite, InviteRequest } from '@contract/collaborators/schemas';
import { api } from '@/api/client';
import { invitesQueryOptions } from './get-invites';

/** POST /v1/shops/{alias}/design/collaborators/invites with the collaborator list. */
function inviteCollaborators({ alias, ...body }: InviteRequest & { alias: string }): Promise<Invite[]> {
  return api<Invite[]>(fillPath(COLLABORATOR_PATHS.invites, { alias }), { method: 'POST', body, fallback: 'Could not send the invites' });
}

export function useInviteCollaborators(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteCollaborators, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryOptions(alias).queryKey }) });
}
