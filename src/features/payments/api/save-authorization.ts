import { GATEWAY_CREDENTIAL_ALIAS, PAYMENT_PATHS, PORTAL_SHOP_ALIAS } from '@contract/payments/paths';
import type { Authorization } from '@contract/payments/schemas';
import { api } from '@/api/client';

/** POST /v1/authorizations: a stripe payment method whose setup intent succeeded becomes a saved card (saved once, however often it is sent). */
export function saveAuthorization(authorizationCode: string, setAsDefault: boolean): Promise<Authorization> {
  return api<Authorization>(PAYMENT_PATHS.authorizations, {
    method: 'POST',
    body: { authorizationCode, provider: 'stripe', setAsDefault, shopAlias: PORTAL_SHOP_ALIAS, gatewayCredentialAlias: GATEWAY_CREDENTIAL_ALIAS.stripe },
    fallback: 'Could not save the card',
  });
}
