import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { InviteCheck } from '@contract/collaborators/schemas';
import { api } from '@/api/client';

/** POST /v1/shops/{alias}/design/collaborators/invites/{inviteId}/verify with the token (and the caller's email). */
export function verifyInvite(
  { alias, inviteId, token, email }: { alias: string; inviteId: number; token: string; email?: string },
  signal?: AbortSignal,
): Promise<InviteCheck> {
  return api<InviteCheck>(fillPath(COLLABORATOR_PATHS.verifyInvite, { alias, inviteId }), {
    method: 'POST',
    body: { token, ...(email ? { email } : {}) },
    fallback: 'Could not check the invite',
    signal,
  });
}

export function verifyInviteQueryOptions(input: { alias: string; inviteId: number; token: string; email?: string }) {
  return queryOptions({
    queryKey: ['invite-check', input.alias, input.inviteId, input.token, input.email ?? ''],
    queryFn: ({ signal }) => verifyInvite(input, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
}
