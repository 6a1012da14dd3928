import { queryOptions } from '@tanstack/react-query';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { Authorization } from '@contract/payments/schemas';
import { api } from '@/api/client';
import { paymentKeys } from '../keys';

/** GET /v1/authorizations: the signed-in user's saved cards. */
function getAuthorizations(signal?: AbortSignal): Promise<Authorization[]> {
  return api<Authorization[]>(PAYMENT_PATHS.authorizations, { fallback: 'Could not load your cards', signal });
}

export function authorizationsQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.authorizations(), queryFn: ({ signal }) => getAuthorizations(signal), meta: { persist: false } });
}
