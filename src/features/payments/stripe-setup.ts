/**
 * Stripe's add card (spec sections 4 and 7): a setup intent, the card confirmed with its client
 * secret (Stripe.js, or in test mode the test gateway's card setup page), then back on
 * /payment-methods: the setup intent checked on the server and, when it succeeded, its payment
 * method saved and the saved card fetched.
 */
import { PAYMENT_PAGES, STRIPE_TEST_SETUP_PAGE } from '@contract/payments/paths';
import type { SetupIntent } from '@contract/payments/schemas';
import { getAuthorization } from './api/get-authorization';
import { getSetupIntent } from './api/get-setup-intent';
import { saveAuthorization } from './api/save-authorization';
import { cardTitle, type ReturnResult } from './model';

/** The setup launched from this tab and whether its card becomes the default: the page is left and come back to. */
const SETUP_KEY = 'payments.stripe-setup';

export function rememberStripeSetup(setupIntentId: string, setAsDefault: boolean): void {
  sessionStorage.setItem(SETUP_KEY, JSON.stringify({ setupIntentId, setAsDefault }));
}

function setAsDefaultOf(setupIntentId: string): boolean {
  try {
    const stored = JSON.parse(sessionStorage.getItem(SETUP_KEY) ?? 'null') as { setupIntentId?: string; setAsDefault?: boolean } | null;
    return stored?.setupIntentId === setupIntentId && stored.setAsDefault === true;
  } catch {
    return false;
  }
}

/** Where Stripe (confirmSetup) or the test gateway's page sends the merchant back. */
export function setupReturnUrl(origin: string): string {
  return `${origin}${PAYMENT_PAGES.methods}`;
}

/** Test mode: the test gateway's card setup page for this setup intent (on this origin). */
export function testSetupPageUrl(clientSecret: string, returnUrl: string): string {
  return `${STRIPE_TEST_SETUP_PAGE}?${new URLSearchParams({ client_secret: clientSecret, return_url: returnUrl }).toString()}`;
}

/** Why nothing was saved: Stripe's words for the last failed confirmation, else ours. */
export function setupFailureText(intent: Pick<SetupIntent, 'status' | 'last_setup_error'>): string {
  if (intent.last_setup_error) return intent.last_setup_error.message;
  if (intent.status === 'requires_action' || intent.status === 'processing') return 'The card is not confirmed yet. Add it again to finish.';
  return 'The card was not saved.';
}

/**
 * The merchant is back from confirming (`redirect_status` is the browser's word only: the server's
 * status decides). Saving the same payment method again saves nothing new, so a replayed return is safe.
 */
export async function finishStripeSetup(setupIntentId: string): Promise<ReturnResult> {
  const intent = await getSetupIntent(setupIntentId);
  const setAsDefault = setAsDefaultOf(setupIntentId);
  sessionStorage.removeItem(SETUP_KEY);
  if (intent.status !== 'succeeded' || !intent.payment_method) return { kind: 'failed', text: setupFailureText(intent) };
  const saved = await saveAuthorization(intent.payment_method, setAsDefault);
  const card = await getAuthorization(saved.authorizationCode, 'stripe');
  return { kind: 'saved', text: `Your card is saved: ${cardTitle(card)}.${card.testMode ? ' (Test mode)' : ''}` };
}
