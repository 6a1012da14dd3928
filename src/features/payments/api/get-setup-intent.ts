import { fillPath } from '@contract/api';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { SetupIntent } from '@contract/payments/schemas';
import { api } from '@/api/client';

/** GET /v1/transactions/stripe/setup-intents/{id}: the setup intent as Stripe holds it now (never the browser's word for it). */
export function getSetupIntent(setUpIntentId: string): Promise<SetupIntent> {
  return api<SetupIntent>(fillPath(PAYMENT_PATHS.setupIntent, { setUpIntentId }), { fallback: 'Could not check the card' });
}
