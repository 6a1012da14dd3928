import { loadStripe } from '@stripe/stripe-js';
import { openHostedPage } from './provider-page';
import type { PaymentLauncher } from './types';

/**
 * Stripe checkout: the server made the checkout session (its URL is the launch's checkoutUrl);
 * with real keys Stripe.js is loaded first (Stripe asks pages to load it for fraud signals),
 * then the browser goes to the session, as Stripe's redirectToCheckout did before it was removed.
 */
export const stripeLauncher: PaymentLauncher = {
  async launch({ launch }) {
    if (!launch.testMode) {
      const stripe = await loadStripe(launch.publicKey);
      if (!stripe) throw new Error('Stripe could not be loaded. Check your connection and try again.');
    }
    return openHostedPage(launch.checkoutUrl);
  },
};
