import { queryOptions } from '@tanstack/react-query';
import { SUBSCRIPTION_PATHS } from '@contract/billing/paths';
import type { Subscription } from '@contract/billing/schemas';
import { CONSTANTS } from '@contract/constants';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** GET /v1/subscriptions?page=0&shopAlias= (spec section 9: page 0): one app's subscriptions, newest first. */
function getShopSubscriptions(alias: string, signal?: AbortSignal): Promise<Subscription[]> {
  return api<Subscription[]>(SUBSCRIPTION_PATHS.subscriptions, {
    query: { page: CONSTANTS.subscriptionsPage, shopAlias: alias },
    fallback: 'Could not load the plan of this app',
    signal,
  });
}

export function shopSubscriptionsQueryOptions(alias: string) {
  return queryOptions({ queryKey: shopKeys.subscriptions(alias), queryFn: ({ signal }) => getShopSubscriptions(alias, signal), staleTime: 0 });
}
