import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GatewayId } from '@contract/constants';
import { createSetupIntent } from './api/create-setup-intent';
import { initializeTransaction } from './api/initialize-transaction';
import { refreshPayments, verifyTransaction } from './api/verify-transaction';
import { openHostedPage } from './launcher/provider-page';
import { rememberStripeSetup, setupReturnUrl, testSetupPageUrl } from './stripe-setup';
import { rememberLaunchedReference } from './use-payment-return';

/** What Stripe's card form (real keys) is opened with. */
export interface StripeCardForm {
  publicKey: string;
  clientSecret: string;
  returnUrl: string;
}

/**
 * Add card. Stripe: a setup intent whose card is confirmed with its client secret (Stripe.js, or
 * in test mode the test gateway's card setup page), saved on the way back (stripe-setup.ts).
 * Paystack and flutterwave: a card check of the default charge ($1.00, refunded).
 * One idempotency key per click of Add card, reused when the merchant retries after an error,
 * so a double click or a retry makes one setup intent or transaction. The launcher loads only now.
 */
export function useAddCard() {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  // A ref as well as state: the second click of a double click can come before the re-render.
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stripeForm, setStripeForm] = useState<StripeCardForm | null>(null);

  function done(): void {
    running.current = false;
    setBusy(false);
  }

  async function addStripeCard(idempotencyKey: string, setAsDefault: boolean): Promise<void> {
    const intent = await createSetupIntent(idempotencyKey);
    rememberStripeSetup(intent.id, setAsDefault);
    const returnUrl = setupReturnUrl(window.location.origin);
    // Test mode: the test gateway's page stands for Stripe.js; it navigates away and sends the merchant back.
    if (intent.testMode) {
      await openHostedPage(testSetupPageUrl(intent.client_secret, returnUrl));
      return;
    }
    // Busy while Stripe's card form is open.
    setStripeForm({ publicKey: intent.publicKey, clientSecret: intent.client_secret, returnUrl });
  }

  async function addCardCheck(provider: GatewayId, idempotencyKey: string, setAsDefault: boolean): Promise<void> {
    const answer = await initializeTransaction({ provider, type: 'card-setup', setPaymentMethodAsDefault: setAsDefault, idempotencyKey });
    rememberLaunchedReference(answer.launch.reference);
    const { launchPayment } = await import('./launcher/launcher');
    const outcome = await launchPayment(answer);
    // A popup that closed in place: the action is over either way, the next click is a new one.
    key.current = null;
    if (outcome) await verifyTransaction(outcome.reference);
    await refreshPayments(queryClient);
    done();
  }

  async function addCard(provider: GatewayId, setAsDefault: boolean): Promise<void> {
    if (running.current) return;
    running.current = true;
    key.current ??= crypto.randomUUID();
    setBusy(true);
    setError(null);
    try {
      await (provider === 'stripe' ? addStripeCard(key.current, setAsDefault) : addCardCheck(provider, key.current, setAsDefault));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The card could not be added');
      done();
    }
  }

  /** The merchant closed Stripe's card form: nothing saved, the next click is a new one. */
  function closeStripeForm(): void {
    setStripeForm(null);
    key.current = null;
    done();
  }

  return { addCard, busy, error, stripeForm, closeStripeForm };
}
