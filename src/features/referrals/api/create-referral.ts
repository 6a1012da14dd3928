import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Referral } from '@contract/accounts';
import { api } from '@/api/client';
import { REFERRALS_QUERY_KEY } from './get-referrals';

/** POST /v1/referrals: the signed-in user was referred by this code (404 unknown, 400 own, 409 already). */
export function createReferral(referredByCode: string): Promise<Referral> {
  return api<Referral>('/v1/referrals', { method: 'POST', body: { referredByCode }, fallback: 'Could not record the referral' });
}

export function useCreateReferral() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReferral, onSuccess: () => queryClient.invalidateQueries({ queryKey: REFERRALS_QUERY_KEY }) });
}
