import type { Referral } from '@contract/referrals/schemas';
import { api } from '@/api/client';
import { REFERRAL_PATHS } from '@contract/referrals/paths';

/** POST /v1/referrals: the signed-in user was referred by this code (404 unknown, 400 own, 409 already). */
export function createReferral(referredByCode: string): Promise<Referral> {
  return api<Referral>(REFERRAL_PATHS.referrals, { method: 'POST', body: { referredByCode }, fallback: 'Could not record the referral' });
}
