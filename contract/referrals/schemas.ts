/** Referrals: who referred whom, the invite by e-mail and the referrer's reward. */
import { z } from '../zod';
import { id, timestamp } from '../response';
import { emailText, text, tokenText, TEXT_LIMITS } from '../text';

/** POST /v1/referrals: the signed-in user was referred by this code. */
export const createReferralSchema = z.object({ referredByCode: tokenText('referredByCode', TEXT_LIMITS.code) });
export type CreateReferralPayload = z.input<typeof createReferralSchema>;

/** POST /v1/referrals/send-invite: invite someone by e-mail with the caller's referral link. */
export const referralInviteSchema = z.object({ email: emailText(), firstName: text({ label: 'First Name', max: TEXT_LIMITS.name }).optional() });
export type ReferralInvitePayload = z.input<typeof referralInviteSchema>;

export const referralSchema = z.object({
  id,
  referrerUserId: id,
  referredUserId: id,
  referredFirstName: z.string().meta({ description: "The referred merchant's first name (never their e-mail)." }),
  rewardedAt: timestamp.nullable().meta({ description: 'When the referrer was credited (after the referred merchant verified their e-mail).' }),
  rewardAmount: z.number().int().meta({ description: 'Minor units credited to the referrer for this referral (0 until rewarded).' }),
  createdAt: timestamp,
});
export type Referral = z.infer<typeof referralSchema>;

/** GET /v1/referrals: the caller's code and the merchants they referred. */
export const referralSummarySchema = z.object({
  referralCode: z.string(),
  referrals: z.array(referralSchema),
  earned: z.number().int().meta({ description: 'Minor units earned through referrals so far.' }),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;
