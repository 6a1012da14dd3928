import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHOP_PATHS } from '@contract/shops/paths';
import type { CreateShopPayload, Shop } from '@contract/shops/schemas';
import { api } from '@/api/client';
import { adminShopQueryOptions } from './get-admin-shop';
import { userShopsQueryOptions } from './get-user-shops';

/** Spec section 8: the shop creation failure toast. */
export const CREATE_SHOP_FAILED = 'Error creating project';

/** POST /v1/shops. */
export function createShop(payload: CreateShopPayload): Promise<Shop> {
  return api<Shop>(SHOP_PATHS.create, { method: 'POST', body: payload, fallback: CREATE_SHOP_FAILED });
}

export function useCreateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShop,
    meta: { errorToast: false },
    onSuccess: (shop) => {
      queryClient.setQueryData(adminShopQueryOptions(shop.alias).queryKey, { ...shop, config: null });
      void queryClient.invalidateQueries({ queryKey: userShopsQueryOptions(shop.ownerId).queryKey });
    },
  });
}
