/** Pure rules of the payments pages (unit-tested). */
import { GATEWAYS, type GatewayId } from '@contract/constants';
import { formatMoney } from '@contract/money';
import type { Authorization, TransactionListItem } from '@contract/payments/schemas';
import { isPaid, needsAction, TRANSACTION_STATUSES, type TransactionStatus } from '@contract/payments/statuses';
import type { TransactionFilter } from './keys';

/** What the merchant is told once back from a provider's page. */
export type ReturnResult = { kind: 'saved' | 'pending' | 'failed'; text: string };

export const PROVIDER_LABELS: Record<GatewayId, string> = { paystack: 'Paystack', flutterwave: 'Flutterwave', stripe: 'Stripe' };

/** The spec's status names, as a merchant reads them. */
export const STATUS_LABELS: Record<TransactionStatus, string> = {
  initialized: 'Started',
  processing: 'Processing',
  requires_action: 'Needs your action',
  requires_payment_method: 'Needs another card',
  success: 'Paid',
  successful: 'Paid',
  succeeded: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export type StatusTone = 'success' | 'warning' | 'error' | 'default';

export function statusTone(status: TransactionStatus): StatusTone {
  if (isPaid(status) || status === 'refunded') return 'success';
  if (needsAction(status)) return 'warning';
  if (status === 'failed' || status === 'cancelled') return 'error';
  return 'default';
}

export function transactionAmount(transaction: Pick<TransactionListItem, 'amount' | 'currencyCode'>): string {
  return formatMoney(transaction.amount, { code: transaction.currencyCode });
}

/** "Visa •••• 4242". */
export function cardTitle(card: Pick<Authorization, 'brand' | 'last4'>): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return `${brand} •••• ${card.last4}`;
}

/** "Expires 04/2030". */
export function cardExpiry(card: Pick<Authorization, 'expMonth' | 'expYear'>): string {
  return `Expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/** The default card first, then the newest. */
export function sortCards(cards: readonly Authorization[]): Authorization[] {
  return [...cards].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || b.createdAt.localeCompare(a.createdAt));
}

/** The payments pages' filter, from their search params: a status or provider the spec does not name is dropped. */
export interface PaymentsFilter {
  status?: TransactionStatus;
  provider?: GatewayId;
  app?: string;
}

export function filterOfSearch(search: { status?: string; provider?: string; app?: string }): PaymentsFilter {
  return {
    status: TRANSACTION_STATUSES.find((status) => status === search.status),
    provider: GATEWAYS.find((provider) => provider === search.provider),
    app: search.app,
  };
}

/** What the server is asked for (an app's own page passes its alias as `app`). */
export function transactionFilterOf(filter: PaymentsFilter): TransactionFilter {
  return { status: filter.status, provider: filter.provider, appAlias: filter.app };
}

/** The loaded pages as one list: a payment made meanwhile shifts the pages, and is never shown twice. */
export function rowsOf(pages: ReadonlyArray<{ items: readonly TransactionListItem[] }>): TransactionListItem[] {
  const rows = new Map<string, TransactionListItem>();
  for (const page of pages) for (const row of page.items) if (!rows.has(row.reference)) rows.set(row.reference, row);
  return [...rows.values()];
}

/** "3 payments", or "Showing 50 of 500 payments" while more are left to show. */
export function countText(shown: number, total: number): string {
  const noun = total === 1 ? 'payment' : 'payments';
  return shown < total ? `Showing ${shown} of ${total} ${noun}` : `${total} ${noun}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * "12 Mar 2026, 14:05" in the merchant's time zone: en-GB Intl.DateTimeFormat's words (a unit
 * test holds them equal), written by hand as contract/money.ts does, since the first Intl
 * formatter of a page loads locale data (150 ms in the payments list's first render on the bench phone).
 */
export function transactionDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
