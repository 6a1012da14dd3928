/**
 * Every payments query lives under ['payments', ...]: a payment's outcome refreshes them in one
 * call (transactions, pending ones, saved cards).
 */
export interface TransactionFilter {
  /** One status or several (the server takes ?status= repeated). */
  status?: string | readonly string[];
  appAlias?: string;
}

export const paymentKeys = {
  all: ['payments'] as const,
  transactionLists: () => ['payments', 'transactions'] as const,
  transactions: (filter: TransactionFilter) => ['payments', 'transactions', { status: filter.status ?? null, appAlias: filter.appAlias ?? null }] as const,
  transaction: (reference: string) => ['payments', 'transaction', reference] as const,
  pending: () => ['payments', 'pending'] as const,
  authorizations: () => ['payments', 'authorizations'] as const,
  authorization: (code: string) => ['payments', 'authorization', code] as const,
  remoteConfig: () => ['payments', 'remote-config'] as const,
};
