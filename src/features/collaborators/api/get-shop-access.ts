import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { ShopAccess } from '@contract/collaborators/schemas';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** GET /v1/shops/{alias}/access: the caller's role and rights on the shop. */
function getShopAccess(alias: string, signal?: AbortSignal): Promise<ShopAccess> {
  return api<ShopAccess>(fillPath(COLLABORATOR_PATHS.access, { alias }), { fallback: 'Could not load your access', signal });
}

export function shopAccessQueryOptions(alias: string) {
  return queryOptions({ queryKey: shopKeys.access(alias), queryFn: ({ signal }) => getShopAccess(alias, signal), staleTime: 0 });
}
