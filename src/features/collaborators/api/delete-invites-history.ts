import { api } from '@/api/client';

/** DELETE /v1/invites-history: run after every login (spec section 4 "Login or registration"). */
export function deleteInvitesHistory(): Promise<{ deleted: number }> {
  return api<{ deleted: number }>('/v1/invites-history', { method: 'DELETE' });
}
