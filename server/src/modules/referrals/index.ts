/** What other modules may use of the referrals: a new account's referral, and the reward when it verifies its address. */
export { createReferral, rewardReferrer } from './service';
