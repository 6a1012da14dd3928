import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { Invite } from '@contract/collaborators/schemas';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** GET /v1/shops/{alias}/design/collaborators/invites (managers only). */
function getInvites(alias: string, signal?: AbortSignal): Promise<Invite[]> {
  return api<Invite[]>(fillPath(COLLABORATOR_PATHS.invites, { alias }), { fallback: 'Could not load the invites', signal });
}

export function invitesQueryOptions(alias: string) {
  return queryOptions({ queryKey: shopKeys.invites(alias), queryFn: ({ signal }) => getInvites(alias, signal), staleTime: 0 });
}
