import { queryOptions } from '@tanstack/react-query';
import { SUBSCRIPTION_PATHS } from '@contract/billing/paths';
import type { Subscription } from '@contract/billing/schemas';
import { CONSTANTS } from '@contract/constants';
import { PAGE_LIMIT_MAX } from '@contract/paging';
import { api } from '@/api/client';
import { billingKeys } from '../keys';

/** GET /v1/subscriptions?page=0 (spec section 9: page 0), no shopAlias: every subscription of the signed-in user, with this month's minutes so far. */
function getSubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  return api<Subscription[]>(SUBSCRIPTION_PATHS.subscriptions, {
    query: { page: CONSTANTS.subscriptionsPage, limit: PAGE_LIMIT_MAX },
    fallback: 'Could not load your plans',
    signal,
  });
}

export function subscriptionsQueryOptions() {
  // Usage and money, like the bills: not kept in localStorage.
  return queryOptions({ queryKey: billingKeys.subscriptions(), queryFn: ({ signal }) => getSubscriptions(signal), meta: { persist: false } });
}
