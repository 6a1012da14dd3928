import type { Referral } from '@contract/accounts';
import { api } from '@/api/client';

/** POST /v1/referrals: the signed-in user was referred by this code (404 unknown, 400 own, 409 already). */
export function createReferral(referredByCode: string): Promise<Referral> {
  return api<Referral>('/v1/referrals', { method: 'POST', body: { referredByCode }, fallback: 'Could not record the referral' });
}
