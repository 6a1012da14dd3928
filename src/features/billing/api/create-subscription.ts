import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_PATHS } from '@contract/billing/paths';
import type { CreateSubscription, Subscription } from '@contract/billing/schemas';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';
import { withSubscription } from '../model';

/** POST /v1/subscriptions {shopAlias, planCode} */
function createSubscription(body: CreateSubscription): Promise<Subscription> {
  return api<Subscription>(SUBSCRIPTION_PATHS.subscriptions, { method: 'POST', body, fallback: 'Could not choose this plan' });
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    // A failure is shown in the plan panel, not also as a toast.
    meta: { errorToast: false },
    onSuccess: (subscription) =>
      queryClient.setQueryData<Subscription[]>(shopKeys.subscriptions(subscription.shopAlias), (list) => withSubscription(list, subscription)),
  });
}
