import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { Collaborator } from '@contract/collaborators/schemas';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** GET /v1/shops/{alias}/design/collaborators */
function getCollaborators(alias: string, signal?: AbortSignal): Promise<Collaborator[]> {
  return api<Collaborator[]>(fillPath(COLLABORATOR_PATHS.list, { alias }), { fallback: 'Could not load the collaborators', signal });
}

export function collaboratorsQueryOptions(alias: string) {
  return queryOptions({ queryKey: shopKeys.collaborators(alias), queryFn: ({ signal }) => getCollaborators(alias, signal), staleTime: 0 });
}
