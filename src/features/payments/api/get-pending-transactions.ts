import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_LIMIT_MAX } from '@contract/paging';
import { ACTION_STATUSES, needsAction } from '@contract/payments/statuses';
import type { TransactionListItem } from '@contract/payments/schemas';
import { paymentKeys } from '../keys';
import { getTransactionsPage } from './get-transactions';
import { verifyTransaction } from './verify-transaction';

const VERIFIED_AT_STARTUP = 5;

/** Every transaction that needs the merchant, page by page (there are rarely more than a few). */
async function allNeedingAction(signal?: AbortSignal): Promise<TransactionListItem[]> {
  const all: TransactionListItem[] = [];
  for (let page = 0; ; page += 1) {
    const { items, total } = await getTransactionsPage({ status: ACTION_STATUSES }, page, { limit: PAGE_LIMIT_MAX, signal });
    all.push(...items);
    if (items.length === 0 || all.length >= total) return all;
  }
}

/**
 * Spec section 4: the transactions that need the merchant (requires_action,
 * requires_payment_method). Ones still open (initialized, processing: the merchant left the
 * provider's page) are verified first, so a 3-D Secure left unfinished shows up here at once
 * instead of after the server's next reconciliation. Only the newest few: the server reconciles
 * older ones itself, and a startup must not ask the gateway about hundreds.
 */
async function getPendingTransactions(signal?: AbortSignal): Promise<TransactionListItem[]> {
  const [open, pending] = await Promise.all([
    getTransactionsPage({ status: ['initialized', 'processing'] }, 0, { limit: VERIFIED_AT_STARTUP, signal }).then(
      (page) => page.items,
      () => [],
    ),
    allNeedingAction(signal),
  ]);
  const checked = await Promise.all(open.map((transaction) => verifyTransaction(transaction.reference).catch(() => transaction)));
  // One per reference: a verify may have moved one that the other list already holds.
  const byReference = new Map(
    [...pending, ...checked].filter((transaction) => needsAction(transaction.status)).map((transaction) => [transaction.reference, transaction]),
  );
  return [...byReference.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function pendingTransactionsQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.pending(), queryFn: ({ signal }) => getPendingTransactions(signal), meta: { persist: false } });
}

export function usePendingTransactions(enabled = true) {
  return useQuery({ ...pendingTransactionsQueryOptions(), enabled });
}
