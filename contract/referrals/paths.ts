/** Referral calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const REFERRAL_PATHS = {
  referrals: '/referrals',
  sendInvite: '/referrals/send-invite',
  rewardReferrer: '/users/:userId/reward-referrer',
} as const;

/** Credit added to a referrer when the merchant they referred verifies their e-mail: $5.00. */
export const REFERRAL_REWARD_MINOR_UNITS = 500;
