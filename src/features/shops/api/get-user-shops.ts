import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { SHOP_PATHS } from '@contract/shops/paths';
import type { Shop } from '@contract/shops/schemas';
import { api } from '@/api/client';

/** GET /v1/users/{userId}/shops: the merchant's shops, newest first (first page). */
function getUserShops(userId: number, signal?: AbortSignal): Promise<Shop[]> {
  return api<Shop[]>(fillPath(SHOP_PATHS.userShops, { userId }), { fallback: 'Could not load your shops', signal });
}

export function userShopsQueryOptions(userId: number) {
  return queryOptions({ queryKey: ['user-shops', userId], queryFn: ({ signal }) => getUserShops(userId, signal), staleTime: 30_000 });
}
