import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Transaction } from '@contract/payments/schemas';
import { isPaid } from '@contract/payments/statuses';
import { refreshPayments, verifyTransaction } from './api/verify-transaction';
import type { ReturnResult } from './model';
import { finishStripeSetup } from './stripe-setup';

/** Where a provider's page sent the merchant back: our reference, stripe checkout's session id, or stripe's setup intent (add card). */
export interface PaymentReturn {
  reference?: string;
  sessionId?: string;
  setupIntent?: string;
}

/**
 * A provider's page may send the merchant back without our reference (stripe checkout adds its
 * own session id, a cancel adds nothing): the payment launched from this tab is kept for that.
 */
const LAUNCHED_KEY = 'payments.launched-reference';

export function rememberLaunchedReference(reference: string): void {
  sessionStorage.setItem(LAUNCHED_KEY, reference);
}

function outcomeOf(transaction: Transaction): ReturnResult {
  const test = transaction.testMode ? ' (Test mode)' : '';
  if (isPaid(transaction.status) || transaction.status === 'refunded')
    return { kind: 'saved', text: `Your card is saved. The $1.00 check is refunded.${test}` };
  if (transaction.status === 'failed' || transaction.status === 'cancelled')
    return { kind: 'failed', text: transaction.failureMessage ?? 'The card was not saved.' };
  return { kind: 'pending', text: transaction.failureMessage ?? 'This payment is not finished yet: see Pending payments.' };
}

function verifyReturn(reference: string): Promise<ReturnResult> {
  sessionStorage.removeItem(LAUNCHED_KEY);
  return verifyTransaction(reference).then(outcomeOf);
}

/**
 * Finishes what the merchant came back from (or left), once, then calls `onHandled` (which clears
 * the URL): a stripe setup intent's card is saved, a payment verified.
 */
export function usePaymentReturn(back: PaymentReturn, onHandled: () => void): ReturnResult | null {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ReturnResult | null>(null);
  const handled = useRef<string | null>(null);
  const { setupIntent } = back;
  const reference = setupIntent ? undefined : (back.reference ?? sessionStorage.getItem(LAUNCHED_KEY) ?? undefined);
  useEffect(() => {
    const job = setupIntent ?? reference;
    if (!job || handled.current === job) return;
    handled.current = job;
    void (setupIntent ? finishStripeSetup(setupIntent) : verifyReturn(job))
      .catch((error: unknown): ReturnResult => ({ kind: 'failed', text: error instanceof Error ? error.message : 'The card was not saved.' }))
      .then((next) => {
        setResult(next);
        onHandled();
        return refreshPayments(queryClient);
      });
  }, [setupIntent, reference, onHandled, queryClient]);
  return result;
}
