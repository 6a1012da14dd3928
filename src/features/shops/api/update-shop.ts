import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { SHOP_PATHS } from '@contract/shops/paths';
import type { Shop, UpdateShopPayload } from '@contract/shops/schemas';
import { api } from '@/api/client';
import { adminShopQueryOptions } from './get-admin-shop';
import { userShopsQueryOptions } from './get-user-shops';

/** PUT /v1/shops/{alias}. */
export function updateShop({ alias, changes }: { alias: string; changes: UpdateShopPayload }): Promise<Shop> {
  return api<Shop>(fillPath(SHOP_PATHS.update, { alias }), { method: 'PUT', body: changes, fallback: 'Could not save the shop' });
}

export function useUpdateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShop,
    onSuccess: (shop) => {
      queryClient.setQueryData(adminShopQueryOptions(shop.alias).queryKey, (current) => ({ ...shop, config: current?.config ?? null }));
      void queryClient.invalidateQueries({ queryKey: userShopsQueryOptions(shop.ownerId).queryKey });
    },
  });
}
