import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { SHOP_PATHS } from '@contract/shops/paths';
import type { AdminShop } from '@contract/shops/schemas';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** GET /v1/admin/shops/{alias}: the shop as the server keeps it (the setup resumes from it). */
export function getAdminShop(alias: string, signal?: AbortSignal): Promise<AdminShop> {
  return api<AdminShop>(fillPath(SHOP_PATHS.adminShop, { alias }), { fallback: 'Could not load the shop', signal });
}

export function adminShopQueryOptions(alias: string) {
  return queryOptions({ queryKey: shopKeys.admin(alias), queryFn: ({ signal }) => getAdminShop(alias, signal), staleTime: 30_000 });
}
