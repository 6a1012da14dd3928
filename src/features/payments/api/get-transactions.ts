import { queryOptions } from '@tanstack/react-query';
import { PAGE_LIMIT_MAX } from '@contract/paging';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { Transaction } from '@contract/payments/schemas';
import { api } from '@/api/client';
import { paymentKeys, type TransactionFilter } from '../keys';

/** GET /v1/transactions?status&appAlias&page&limit: all the signed-in user's transactions, newest first, page by page. */
export async function getTransactions(filter: TransactionFilter, signal?: AbortSignal): Promise<Transaction[]> {
  const all: Transaction[] = [];
  for (let page = 0; ; page += 1) {
    const items = await api<Transaction[]>(PAYMENT_PATHS.transactions, {
      query: { status: filter.status, appAlias: filter.appAlias, page, limit: PAGE_LIMIT_MAX },
      fallback: 'Could not load the payments',
      signal,
    });
    all.push(...items);
    if (items.length < PAGE_LIMIT_MAX) return all;
  }
}

export function transactionsQueryOptions(filter: TransactionFilter = {}) {
  return queryOptions({
    queryKey: paymentKeys.transactions(filter),
    queryFn: ({ signal }) => getTransactions(filter, signal),
    meta: { persist: false },
  });
}
