/**
 * Every payments query lives under ['payments', ...]: a payment's outcome refreshes them in one
 * call (transaction lists, pending ones, saved cards).
 */
import type { GatewayId } from '@contract/constants';
import type { TransactionStatus } from '@contract/payments/statuses';

/** What the server filters a transaction list by (GET /v1/transactions). */
export interface TransactionFilter {
  /** One status or several (the server takes ?status= repeated). */
  status?: TransactionStatus | readonly TransactionStatus[];
  provider?: GatewayId;
  appAlias?: string;
}

export const paymentKeys = {
  all: ['payments'] as const,
  /** The pages of one filtered list: another filter is another query, asked of the server. */
  transactions: (filter: TransactionFilter) =>
    ['payments', 'transactions', { status: filter.status ?? null, provider: filter.provider ?? null, appAlias: filter.appAlias ?? null }] as const,
  transactionApps: () => ['payments', 'transaction-apps'] as const,
  transaction: (reference: string) => ['payments', 'transaction', reference] as const,
  pending: () => ['payments', 'pending'] as const,
  authorizations: () => ['payments', 'authorizations'] as const,
  authorization: (code: string) => ['payments', 'authorization', code] as const,
  remoteConfig: () => ['payments', 'remote-config'] as const,
};
