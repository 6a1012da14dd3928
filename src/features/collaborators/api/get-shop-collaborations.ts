import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { ShopCollaboration } from '@contract/collaborators/schemas';
import { api } from '@/api/client';

/** GET /v1/users/{userId}/shop-collaborations: the shops shared with the user. */
function getShopCollaborations(userId: number, signal?: AbortSignal): Promise<ShopCollaboration[]> {
  return api<ShopCollaboration[]>(fillPath(COLLABORATOR_PATHS.shopCollaborations, { userId }), { fallback: 'Could not load the apps shared with you', signal });
}

export function shopCollaborationsQueryOptions(userId: number) {
  // Shared apps change by others' actions (an accepted invite, a removal): checked on every visit.
  return queryOptions({ queryKey: ['shop-collaborations', userId], queryFn: ({ signal }) => getShopCollaborations(userId, signal), staleTime: 0 });
}
