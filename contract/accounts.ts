// TEMPORARY re-export shim for the portal's imports of today; the lead removes it after integration (import from contract/<domain>/ instead).
import type { z } from 'zod';
import type { registrationSchema } from './auth/schemas';

export {
  GRANT_TYPES,
  authResultSchema,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
  verifyTokenSchema,
  type AuthResult,
  type ForgotPasswordPayload,
  type GrantType,
  type LoginPayload,
  type ResetPasswordPayload,
} from './auth/schemas';
export { findUserSchema, publicUserSchema, updateUserSchema, userSchema, type PublicUser, type UpdateUserPayload, type User } from './users/schemas';
export { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from './users/paths';
export { EMAIL_TYPES, type EmailType } from './emails/paths';
export { sendEmailSchema, verifyEmailSchema, type SendEmailPayload, type VerifyEmailPayload } from './emails/schemas';
export { customerSchema, type Customer, type CustomerPayload } from './customers/schemas';
export type { Credit } from './credits/schemas';
export { REFERRAL_REWARD_MINOR_UNITS } from './referrals/paths';
export {
  createReferralSchema,
  referralInviteSchema,
  type CreateReferralPayload,
  type Referral,
  type ReferralInvitePayload,
  type ReferralSummary,
} from './referrals/schemas';

/** @deprecated profilePix is no longer accepted (the server ignores it); the portal drops it from facebook.ts. */
export type RegistrationPayload = z.input<typeof registrationSchema> & { profilePix?: string | null };
