import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { Transaction } from '@contract/payments/schemas';
import { api } from '@/api/client';
import { paymentKeys } from '../keys';

/** POST /v1/transactions {reference}: the server asks the gateway and records the outcome. */
export function verifyTransaction(reference: string): Promise<Transaction> {
  return api<Transaction>(PAYMENT_PATHS.transactions, { method: 'POST', body: { reference }, fallback: 'Could not check the payment' });
}

/** A payment moved: every list, the pending count and the saved cards may have changed. */
export function refreshPayments(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: paymentKeys.all });
}

export function useVerifyTransaction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyTransaction, onSettled: () => refreshPayments(queryClient), meta: { errorToast: false } });
}
