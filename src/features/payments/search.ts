/** The payments pages' search params: a value that does not fit is dropped (the page still opens). */
import { TRANSACTION_STATUSES } from '@contract/payments/statuses';
import type { PaymentsFilter } from './components/TransactionFilters';
import type { PaymentReturn } from './use-payment-return';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export function validatePaymentsSearch(search: Record<string, unknown>): PaymentsFilter {
  return { status: TRANSACTION_STATUSES.find((status) => status === search.status), app: text(search.app) };
}

/** Where a provider's page sends the merchant back: paystack ?reference (and trxref), flutterwave ?tx_ref, stripe ?session_id. */
export function validateReturnSearch(search: Record<string, unknown>): PaymentReturn {
  return { reference: text(search.reference) ?? text(search.tx_ref), sessionId: text(search.session_id) };
}
