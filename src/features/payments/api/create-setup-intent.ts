import { GATEWAY_CREDENTIAL_ALIAS, IDEMPOTENCY_HEADER, PAYMENT_PATHS, PORTAL_SHOP_ALIAS } from '@contract/payments/paths';
import type { SetupIntentAnswer } from '@contract/payments/schemas';
import { api } from '@/api/client';

/** POST /v1/transactions/stripe/setup-intents: a stripe setup intent to confirm the card with; one key per Add card, reused on a retry. */
export function createSetupIntent(idempotencyKey: string): Promise<SetupIntentAnswer> {
  return api<SetupIntentAnswer>(PAYMENT_PATHS.setupIntents, {
    method: 'POST',
    body: { shopAlias: PORTAL_SHOP_ALIAS, gatewayCredentialAlias: GATEWAY_CREDENTIAL_ALIAS.stripe, provider: 'stripe', description: 'Save a card' },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    fallback: 'Could not start saving the card',
  });
}
