import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTION_STATUSES, needsAction } from '@contract/payments/statuses';
import type { Transaction } from '@contract/payments/schemas';
import { paymentKeys } from '../keys';
import { getTransactions } from './get-transactions';
import { verifyTransaction } from './verify-transaction';

/**
 * Spec section 4: the transactions that need the merchant (requires_action,
 * requires_payment_method). Ones still open (initialized, processing: the merchant left the
 * provider's page) are verified first, so a 3-D Secure left unfinished shows up here at once
 * instead of after the server's next reconciliation.
 */
async function getPendingTransactions(signal?: AbortSignal): Promise<Transaction[]> {
  const [open, pending] = await Promise.all([
    getTransactions({ status: ['initialized', 'processing'] }, signal).catch(() => []),
    getTransactions({ status: ACTION_STATUSES }, signal),
  ]);
  const checked = await Promise.all(open.map((transaction) => verifyTransaction(transaction.reference).catch(() => transaction)));
  return [...checked.filter((transaction) => needsAction(transaction.status)), ...pending].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function pendingTransactionsQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.pending(), queryFn: ({ signal }) => getPendingTransactions(signal), meta: { persist: false } });
}

export function usePendingTransactions(enabled = true) {
  return useQuery({ ...pendingTransactionsQueryOptions(), enabled });
}
