import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { Authorization, AuthorizationUpdate } from '@contract/payments/schemas';
import { api } from '@/api/client';
import { paymentKeys } from '../keys';

/** PUT /v1/authorizations/{code}: set default, rename or remove a saved card. */
function updateAuthorization({ authorizationCode, change }: { authorizationCode: string; change: AuthorizationUpdate }): Promise<Authorization> {
  return api<Authorization>(fillPath(PAYMENT_PATHS.authorization, { authorizationCode }), {
    method: 'PUT',
    body: change,
    fallback: 'Could not update the card',
  });
}

export function useUpdateAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAuthorization, onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.authorizations() }) });
}
