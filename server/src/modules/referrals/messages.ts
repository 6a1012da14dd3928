/** Every sentence the referrals module answers with (tests import them too). */
import { inMinutes } from '../../auth/rate-limit';

export const REFERRAL_MESSAGES = {
  referredNotVerified: 'The referred account has not verified its email yet.',
  unknownReferralCode: 'Unknown referral code',
  selfReferral: 'You cannot refer yourself',
  alreadyReferred: 'You have already been referred',
  inviteSent: 'Invitation sent',
  verifyBeforeInviting: 'Please verify your email before inviting others.',
  userNotFound: 'User not found',
  tooManyInvites: (seconds: number) => `Too many invitations sent. Please try again ${inMinutes(seconds)}.`,
} as const;
