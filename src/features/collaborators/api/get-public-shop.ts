import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { PublicShop } from '@contract/design/sharing';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** GET /v1/public/shops/{alias}: the shared design for anyone with the link. */
function getPublicShop(alias: string, signal?: AbortSignal): Promise<PublicShop> {
  return api<PublicShop>(fillPath(DESIGN_PATHS.publicShop, { alias }), { fallback: 'Could not load this app', signal });
}

export function publicShopQueryOptions(alias: string) {
  return queryOptions({
    queryKey: shopKeys.publicPage(alias),
    queryFn: ({ signal }) => getPublicShop(alias, signal),
    retry: false,
    staleTime: 0,
    meta: { persist: false },
  });
}
