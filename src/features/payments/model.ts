/** Pure rules of the payments pages (unit-tested). */
import type { GatewayId } from '@contract/constants';
import { formatMoney } from '@contract/money';
import type { Authorization, Transaction } from '@contract/payments/schemas';
import { isPaid, needsAction, type TransactionStatus } from '@contract/payments/statuses';

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

export function transactionAmount(transaction: Pick<Transaction, 'amount' | 'currencyCode'>): string {
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

/** The apps a merchant may filter by: those their transactions name, in order. */
export function appsOf(transactions: readonly Transaction[]): string[] {
  return [...new Set(transactions.map((transaction) => transaction.appAlias).filter((alias): alias is string => alias !== null))].sort();
}

/** "12 Mar 2026, 14:05" in the merchant's time zone. */
export function transactionDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
