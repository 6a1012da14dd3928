import { PAYMENT_PATHS, IDEMPOTENCY_HEADER, PORTAL_SHOP_ALIAS, GATEWAY_CREDENTIAL_ALIAS } from '@contract/payments/paths';
import type { InitializeAnswer, InitializeRequest } from '@contract/payments/schemas';
import type { GatewayId } from '@contract/constants';
import { api } from '@/api/client';

export interface InitializeInput {
  provider: GatewayId;
  type: InitializeRequest['type'];
  appAlias?: string;
  setPaymentMethodAsDefault?: boolean;
  /** One key per user action: a retry of the same action reuses it, so the server answers the same transaction. */
  idempotencyKey: string;
}

/** POST /v1/transactions/initialize: the server makes the transaction and sets its amount. */
export function initializeTransaction(input: InitializeInput): Promise<InitializeAnswer> {
  const body: InitializeRequest = {
    type: input.type,
    provider: input.provider,
    shopAlias: PORTAL_SHOP_ALIAS,
    gatewayCredentialAlias: GATEWAY_CREDENTIAL_ALIAS[input.provider],
    appAlias: input.appAlias,
    setPaymentMethodAsDefault: input.setPaymentMethodAsDefault,
  };
  return api<InitializeAnswer>(PAYMENT_PATHS.initialize, {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
    fallback: 'Could not start the payment',
  });
}
