import type { Referral } from '@contract/referrals/schemas';
import { api } from '@/api/client';
import { fillPath } from '@contract/api';
import { REFERRAL_PATHS } from '@contract/referrals/paths';

/** POST /v1/users/{userId}/reward-referrer: idempotent; the server also rewards on verification. */
export function rewardReferrer(userId: number): Promise<Referral | null> {
  return api<Referral | null>(fillPath(REFERRAL_PATHS.rewardReferrer, { userId }), { method: 'POST' });
}
