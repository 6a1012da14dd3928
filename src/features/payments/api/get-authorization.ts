import type { GatewayId } from '@contract/constants';
import { fillPath } from '@contract/api';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { Authorization } from '@contract/payments/schemas';
import { api } from '@/api/client';

/** GET /v1/card-authorizations/{code}?provider: one saved card. */
export function getAuthorization(authorizationCode: string, provider: GatewayId): Promise<Authorization> {
  return api<Authorization>(fillPath(PAYMENT_PATHS.cardAuthorization, { authorizationCode }), { query: { provider }, fallback: 'Could not load the card' });
}
