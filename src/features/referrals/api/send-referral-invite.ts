import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReferralInvitePayload } from '@contract/referrals/schemas';
import { api } from '@/api/client';
import { referralsQueryOptions } from './get-referrals';
import { REFERRAL_PATHS } from '@contract/referrals/paths';

/** POST /v1/referrals/send-invite: e-mails the caller's referral link. */
export function sendReferralInvite(payload: ReferralInvitePayload): Promise<null> {
  return api<null>(REFERRAL_PATHS.sendInvite, { method: 'POST', body: payload, fallback: 'Could not send the invite' });
}

export function useSendReferralInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendReferralInvite, onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsQueryOptions().queryKey }) });
}
