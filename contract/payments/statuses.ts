/**
 * Transaction statuses as the spec names them (section 4) and the only moves between them.
 * A gateway's own word for "paid" is kept (paystack `success`, flutterwave `successful`,
 * stripe `succeeded`): all three count as paid. docs/features/payments.md draws this table.
 */
export const PAID_STATUSES = ['success', 'successful', 'succeeded'] as const;
export const ACTION_STATUSES = ['requires_action', 'requires_payment_method'] as const;
export const TRANSACTION_STATUSES = ['initialized', 'processing', ...ACTION_STATUSES, ...PAID_STATUSES, 'failed', 'cancelled', 'refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type PaidStatus = (typeof PAID_STATUSES)[number];

export function isPaid(status: string): status is PaidStatus {
  return (PAID_STATUSES as readonly string[]).includes(status);
}

/** requires_action / requires_payment_method: the merchant must act (spec section 4). */
export function needsAction(status: string): boolean {
  return (ACTION_STATUSES as readonly string[]).includes(status);
}

/** The payment did not go through: failed, or declined and waiting for another card (stripe). */
export function isDeclined(status: string): boolean {
  return status === 'failed' || status === 'requires_payment_method';
}

const PAID = PAID_STATUSES;
const OPEN_NEXT = ['processing', ...ACTION_STATUSES, ...PAID, 'failed', 'cancelled'] as const;

/**
 * The only moves. A declined card leaves a payment in requires_payment_method (the merchant
 * may finish it with another card); a late "paid" from the gateway is recorded even after we
 * gave up on it (the money moved); paid and ended ones never go back to pending.
 */
const NEXT: Record<TransactionStatus, readonly TransactionStatus[]> = {
  initialized: OPEN_NEXT,
  processing: OPEN_NEXT.filter((status) => status !== 'processing'),
  requires_action: OPEN_NEXT.filter((status) => status !== 'requires_action'),
  requires_payment_method: OPEN_NEXT.filter((status) => status !== 'requires_payment_method'),
  failed: PAID,
  success: ['refunded'],
  successful: ['refunded'],
  succeeded: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** May a transaction in `from` become `to`? The same status again is not a move. */
export function canMove(from: TransactionStatus, to: TransactionStatus): boolean {
  return NEXT[from].includes(to);
}

/** The table itself, for the docs and the tests. */
export const TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = NEXT;
