import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { PublicShop } from '@contract/collaborators/schemas';
import { api } from '@/api/client';

/** GET /v1/public/shops/{alias}: the shared design for anyone with the link. */
export function getPublicShop(alias: string, signal?: AbortSignal): Promise<PublicShop> {
  return api<PublicShop>(fillPath(COLLABORATOR_PATHS.publicShop, { alias }), { fallback: 'Could not load this app', signal });
}

export function publicShopQueryOptions(alias: string) {
  return queryOptions({ queryKey: ['public-shop', alias], queryFn: ({ signal }) => getPublicShop(alias, signal), retry: false, staleTime: 0, meta: { persist: false } });
}
