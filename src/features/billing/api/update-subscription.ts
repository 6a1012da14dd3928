import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { SUBSCRIPTION_PATHS } from '@contract/billing/paths';
import type { Subscription, UpdateSubscription } from '@contract/billing/schemas';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';
import { withSubscription } from '../model';

/** PUT /v1/subscriptions/{subscriptionCode} {status?, planCode?} */
function updateSubscription({ subscriptionCode, change }: { subscriptionCode: string; change: UpdateSubscription }): Promise<Subscription> {
  return api<Subscription>(fillPath(SUBSCRIPTION_PATHS.one, { subscriptionCode }), { method: 'PUT', body: change, fallback: 'Could not change the plan' });
}

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    meta: { errorToast: false },
    onSuccess: (subscription) =>
      queryClient.setQueryData<Subscription[]>(shopKeys.subscriptions(subscription.shopAlias), (list) => withSubscription(list, subscription)),
  });
}
