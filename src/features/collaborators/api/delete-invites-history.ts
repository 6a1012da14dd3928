import { api } from '@/api/client';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';

/** DELETE /v1/invites-history: run after every login (spec section 4 "Login or registration"). */
export function deleteInvitesHistory(): Promise<{ deleted: number }> {
  return api<{ deleted: number }>(COLLABORATOR_PATHS.invitesHistory, { method: 'DELETE' });
}
