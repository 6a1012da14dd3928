import { queryOptions } from '@tanstack/react-query';
import type { ReferralSummary } from '@contract/referrals/schemas';
import { api } from '@/api/client';
import { REFERRAL_PATHS } from '@contract/referrals/paths';

/** GET /v1/referrals: the caller's code and the merchants they referred. */
function getReferrals(signal?: AbortSignal): Promise<ReferralSummary> {
  return api<ReferralSummary>(REFERRAL_PATHS.referrals, { fallback: 'Could not load your referrals', signal });
}

export function referralsQueryOptions() {
  return queryOptions({ queryKey: ['referrals'], queryFn: ({ signal }) => getReferrals(signal), meta: { persist: false } });
}
