/**
 * The payments pages' search params: a value that does not fit is dropped (the page still opens).
 * The route tree (initial JS) runs these: they stay free of payment code, and the page checks a
 * status or provider against the spec's names itself (filterOfSearch).
 */
import type { PaymentReturn } from './use-payment-return';

export interface PaymentsSearch {
  status?: string;
  provider?: string;
  app?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export function validatePaymentsSearch(search: Record<string, unknown>): PaymentsSearch {
  return { status: text(search.status), provider: text(search.provider), app: text(search.app) };
}

/**
 * Where a provider's page sends the merchant back: paystack ?reference (and trxref), flutterwave
 * ?tx_ref, stripe checkout ?session_id, stripe add card ?setup_intent (its client secret and
 * redirect_status are dropped: the server's setup intent decides).
 */
export function validateReturnSearch(search: Record<string, unknown>): PaymentReturn {
  return { reference: text(search.reference) ?? text(search.tx_ref), sessionId: text(search.session_id), setupIntent: text(search.setup_intent) };
}
