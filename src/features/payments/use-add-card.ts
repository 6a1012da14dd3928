import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GatewayId } from '@contract/constants';
import { initializeTransaction } from './api/initialize-transaction';
import { refreshPayments, verifyTransaction } from './api/verify-transaction';
import { rememberLaunchedReference } from './use-payment-return';

/**
 * Add card: a card check of the default charge ($1.00, refunded) through the given provider.
 * One idempotency key per click of Add card, reused when the merchant retries after an error,
 * so a double click or a retry makes one transaction. The launcher loads only now.
 */
export function useAddCard() {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function addCard(provider: GatewayId, setAsDefault: boolean): Promise<void> {
    if (busy) return;
    key.current ??= crypto.randomUUID();
    setBusy(true);
    setError(null);
    try {
      const answer = await initializeTransaction({ provider, type: 'card-setup', setPaymentMethodAsDefault: setAsDefault, idempotencyKey: key.current });
      rememberLaunchedReference(answer.launch.reference);
      const { launchPayment } = await import('./launcher/launcher');
      const outcome = await launchPayment(answer);
      // A popup that closed in place: the action is over either way, the next click is a new one.
      key.current = null;
      if (outcome) await verifyTransaction(outcome.reference);
      await refreshPayments(queryClient);
      setBusy(false);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The card could not be added');
      setBusy(false);
    }
  }

  return { addCard, busy, error };
}
