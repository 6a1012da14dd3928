import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SHOP_PATHS } from '@contract/shops/paths';
import type { FindShopAnswer } from '@contract/shops/schemas';
import { api } from '@/api/client';

/** GET /v1/shops/find?shopName: whether a business name is still free. */
export function findShopName(shopName: string, signal?: AbortSignal): Promise<FindShopAnswer> {
  return api<FindShopAnswer>(SHOP_PATHS.find, { query: { shopName }, fallback: 'Could not check the name', signal });
}

export function findShopQueryOptions(shopName: string) {
  return queryOptions({
    queryKey: ['shop-name', shopName.trim().toLowerCase()],
    queryFn: ({ signal }) => findShopName(shopName.trim(), signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
}
