import type { Referral } from '@contract/accounts';
import { api } from '@/api/client';

/** POST /v1/users/{userId}/reward-referrer: idempotent; the server also rewards on verification. */
export function rewardReferrer(userId: number): Promise<Referral | null> {
  return api<Referral | null>(`/v1/users/${userId}/reward-referrer`, { method: 'POST' });
}
