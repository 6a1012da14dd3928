import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import { DEFAULT_PAYMENTS_CONFIG, type PaymentsRemoteConfig } from '@contract/payments/schemas';
import { api } from '@/api/client';
import { paymentKeys } from '../keys';

/** Spec section 7: the portal-payments value is fetched at most once per 12 hours. */
export const REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS = 43_200_000;

/** GET /v1/remote-config/portal-payments: which provider the portal pays through. */
function getRemoteConfig(signal?: AbortSignal): Promise<PaymentsRemoteConfig> {
  return api<PaymentsRemoteConfig>(PAYMENT_PATHS.remoteConfig, { fallback: 'Could not load the payment settings', signal });
}

export function remoteConfigQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.remoteConfig(),
    queryFn: ({ signal }) => getRemoteConfig(signal),
    // Persisted (the default) and the same for every visitor: a reload within 12 h asks nothing.
    staleTime: REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
    meta: { public: true },
  });
}

/** The provider to pay through: the remote value, else the default until it arrives or when it fails. */
export function useRemoteConfig(): PaymentsRemoteConfig {
  return useQuery(remoteConfigQueryOptions()).data ?? DEFAULT_PAYMENTS_CONFIG;
}
