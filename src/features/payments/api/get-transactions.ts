import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CONSTANTS } from '@contract/constants';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { TransactionListItem } from '@contract/payments/schemas';
import { api } from '@/api/client';
import { apiPage, type Page } from '@/api/page';
import { paymentKeys, type TransactionFilter } from '../keys';

/** Rows per page of the payments lists: the spec's default list limit. */
export const TRANSACTIONS_PAGE_SIZE = CONSTANTS.defaultListLimit;

/** GET /v1/transactions?status&provider&appAlias&page&limit: one page of the signed-in user's transactions, newest first, and their total. */
export function getTransactionsPage(
  filter: TransactionFilter,
  page: number,
  { limit = TRANSACTIONS_PAGE_SIZE, signal }: { limit?: number; signal?: AbortSignal } = {},
): Promise<Page<TransactionListItem>> {
  return apiPage<TransactionListItem>(PAYMENT_PATHS.transactions, {
    query: { status: filter.status, provider: filter.provider, appAlias: filter.appAlias, page, limit },
    fallback: 'Could not load the payments',
    signal,
  });
}

/** A filtered list, page by page: the first page shows at once, Show more asks for the next. */
export function transactionsInfiniteQueryOptions(filter: TransactionFilter) {
  return infiniteQueryOptions({
    queryKey: paymentKeys.transactions(filter),
    queryFn: ({ pageParam, signal }) => getTransactionsPage(filter, pageParam, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last: Page<TransactionListItem>, _pages: unknown, lastPage: number) =>
      (lastPage + 1) * TRANSACTIONS_PAGE_SIZE < last.total ? lastPage + 1 : undefined,
    meta: { persist: false },
  });
}

/** GET /v1/transactions/apps: the apps the signed-in user's transactions name (the app filter's choices). */
export function transactionAppsQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.transactionApps(),
    queryFn: ({ signal }) => api<string[]>(PAYMENT_PATHS.transactionApps, { fallback: 'Could not load the apps of your payments', signal }),
    meta: { persist: false },
  });
}
