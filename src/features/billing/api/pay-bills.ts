import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BILLING_PATHS } from '@contract/billing/paths';
import type { Billing, PayBills } from '@contract/billing/schemas';
import { api } from '@/api/client';
import { billingKeys } from '../keys';

/** POST /v1/billings/pay-with-authorization: the outstanding bills charged to the default card. */
function payBills(body: PayBills): Promise<Billing[]> {
  return api<Billing[]>(BILLING_PATHS.payWithAuthorization, { method: 'POST', body, fallback: 'The payment did not go through' });
}

export function usePayBills() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payBills,
    meta: { errorToast: false },
    // The bills, the payments list and the credit all moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
