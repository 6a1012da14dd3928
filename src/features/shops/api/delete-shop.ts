import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { SHOP_PATHS } from '@contract/shops/paths';
import { api } from '@/api/client';
import { forgetShop } from '@/lib/shop-keys';

/** DELETE /v1/admin/shops/{alias}: the owner removes the app (and its media). */
export function deleteShop(alias: string): Promise<null> {
  return api<null>(fillPath(SHOP_PATHS.adminShop, { alias }), { method: 'DELETE', fallback: 'Could not delete the app' });
}

export function useDeleteShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShop,
    onSuccess: (_data, alias) => {
      forgetShop(queryClient, alias);
      return queryClient.invalidateQueries({ queryKey: ['user-shops'] });
    },
  });
}
