import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { PaymentsRemoteConfig } from '@contract/payments/schemas';
import { api } from '@/api/client';
import { paymentKeys } from '../keys';

/** PUT /v1/remote-config/portal-payments (SOVEREIGN): the provider every merchant pays through. */
function updateRemoteConfig(config: PaymentsRemoteConfig): Promise<PaymentsRemoteConfig> {
  return api<PaymentsRemoteConfig>(PAYMENT_PATHS.remoteConfig, { method: 'PUT', body: config, fallback: 'Could not change the payment provider' });
}

export function useUpdateRemoteConfig() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRemoteConfig, onSuccess: (config) => queryClient.setQueryData(paymentKeys.remoteConfig(), config) });
}
