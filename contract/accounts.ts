/**
 * Account payloads (spec section 3: User, Registration payload) as zod schemas, shared by the
 * portal forms and the server routes so both apply the same rules and messages.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, isValidEmail, isValidName, isValidPassword, isValidPhone } from './validation';

export const emailField = z
  .string({ error: FIELD_MESSAGES.email })
  .trim()
  .refine(isValidEmail, FIELD_MESSAGES.email)
  .transform((value) => value.toLowerCase());

const phoneField = z.string({ error: FIELD_MESSAGES.phone }).trim().refine(isValidPhone, FIELD_MESSAGES.phone);
const nameField = (label: string) => z.string({ error: FIELD_MESSAGES.required(label) }).trim().refine(isValidName, FIELD_MESSAGES.required(label));
const passwordField = z
  .string({ error: FIELD_MESSAGES.passwordMissing })
  .refine(isValidPassword, FIELD_MESSAGES.password);

export const GRANT_TYPES = ['email', 'facebook'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

const optionalText = z.string().trim().max(2048).optional().nullable();

export const registrationSchema = z
  .object({
    firstName: nameField('First Name'),
    lastName: nameField('Last Name'),
    email: emailField,
    phoneNo: z.string().trim().max(64),
    password: z.string().max(128),
    confirmPassword: z.string().max(128).optional(),
    role: z.literal('user').default('user'),
    avatar: optionalText,
    profilePix: optionalText,
    fcmId: optionalText,
    deviceId: optionalText,
    grant_type: z.enum(GRANT_TYPES).default('email'),
    requiresVerification: z.boolean().optional(),
    /** Social sign-in: the provider's user id, and the access token the server verifies. */
    facebookId: z.string().trim().max(128).optional(),
    accessToken: z.string().max(4096).optional(),
    /** The referral code this visitor arrived with (?ref= or ?referrer=). */
    referredByCode: z.string().trim().max(64).optional().nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.grant_type === 'email') {
      if (!isValidPhone(value.phoneNo)) ctx.addIssue({ code: 'custom', path: ['phoneNo'], message: FIELD_MESSAGES.phone });
      if (!isValidPassword(value.password)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: FIELD_MESSAGES.password });
      }
      if (value.confirmPassword !== value.password) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: FIELD_MESSAGES.passwordsDiffer });
    } else if (!value.facebookId || !value.accessToken) {
      ctx.addIssue({ code: 'custom', path: ['facebookId'], message: 'Social sign-in needs the provider id and access token' });
    }
  });
export type RegistrationPayload = z.input<typeof registrationSchema>;

export const loginSchema = z.discriminatedUnion('grant_type', [
  z.object({ grant_type: z.literal('email'), email: emailField, password: z.string().min(1, 'Please enter your password').max(128) }),
  z.object({ grant_type: z.literal('facebook'), facebookId: z.string().trim().min(1).max(128), accessToken: z.string().min(1).max(4096) }),
]);
export type LoginPayload = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField, platform: z.string().trim().max(64).default('portal') });
export type ForgotPasswordPayload = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ token: z.string().min(10).max(512), password: passwordField, confirmPassword: z.string().max(128) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: FIELD_MESSAGES.passwordsDiffer });
export type ResetPasswordPayload = z.input<typeof resetPasswordSchema>;

export const updateUserSchema = z
  .object({
    firstName: nameField('First Name'),
    lastName: nameField('Last Name'),
    phoneNo: phoneField,
    profilePix: optionalText,
    avatar: optionalText,
    fcmId: optionalText,
    deviceId: optionalText,
  })
  .partial();
export type UpdateUserPayload = z.input<typeof updateUserSchema>;

/** The user as every call returns it (never the password hash). */
export interface User {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNo: string;
  profilePix: string | null;
  avatar: string | null;
  fcmId: string | null;
  deviceId: string | null;
  role: 'user';
  requiresVerification: boolean;
  facebookId: string | null;
  userroles: { roleId: number }[];
  /** This user's own referral code, shared as ?ref=<code>. */
  referralCode: string;
}

export interface AuthResult {
  user: User;
  token: string;
}

export interface Credit {
  id: number;
  /** Minor units (cents). Displayed as value / 100 with 2 decimals, in dollars. */
  value: number;
}

export const EMAIL_TYPES = ['EMAIL_CONFIRMATION_EMAIL', 'WELCOME_EMAIL'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** POST /v1/emails/send: the caller asks for one of their own e-mails again. */
export const sendEmailSchema = z.object({
  emailType: z.enum(EMAIL_TYPES),
  to: emailField,
  firstName: z.string().trim().max(80).optional(),
});
export type SendEmailPayload = z.input<typeof sendEmailSchema>;

/** POST /v1/emails/verify: the token from the verification link. */
export const verifyEmailSchema = z.object({ token: z.string().trim().min(10).max(512) });
export type VerifyEmailPayload = z.input<typeof verifyEmailSchema>;

/** POST v1/auth/verify-token: is this session token still good? */
export const verifyTokenSchema = z.object({ token: z.string().min(1).max(4096) });

/** POST /v1/users/find */
export const findUserSchema = z.object({ email: emailField });

/** What POST /v1/users/find reveals about another user. */
export interface PublicUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  profilePix: string | null;
}

/** Spec section 3 Customer: the billing identity of a user, created from customer fields. */
export const customerSchema = z.object({
  firstName: nameField('First Name'),
  lastName: nameField('Last Name'),
  email: emailField,
  phoneNo: phoneField,
  address: z.string().trim().max(500).optional().nullable(),
});
export type CustomerPayload = z.input<typeof customerSchema>;

export interface Customer {
  id: number;
  userId: number;
  /** The gateways' customer reference (spec section 3 Payment request: customerCode). */
  customerCode: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNo: string;
  address: string | null;
  createdAt: string;
}

/** POST /v1/referrals: the signed-in user was referred by this code. */
export const createReferralSchema = z.object({ referredByCode: z.string().trim().min(1).max(64) });
export type CreateReferralPayload = z.input<typeof createReferralSchema>;

/** POST /v1/referrals/send-invite: invite someone by e-mail with the caller's referral link. */
export const referralInviteSchema = z.object({ email: emailField, firstName: z.string().trim().max(80).optional() });
export type ReferralInvitePayload = z.input<typeof referralInviteSchema>;

export interface Referral {
  id: number;
  referrerUserId: number;
  referredUserId: number;
  /** The referred merchant's first name (never their e-mail). */
  referredFirstName: string;
  /** When the referrer was credited (after the referred merchant verified their e-mail). */
  rewardedAt: string | null;
  /** Minor units credited to the referrer for this referral (0 until rewarded). */
  rewardAmount: number;
  createdAt: string;
}

/** GET /v1/referrals: the caller's code, link and the merchants they referred. */
export interface ReferralSummary {
  referralCode: string;
  referrals: Referral[];
  /** Minor units earned through referrals so far. */
  earned: number;
}

/** Credit added to a referrer when the merchant they referred verifies their e-mail: $5.00. */
export const REFERRAL_REWARD_MINOR_UNITS = 500;

/** Profile pictures: PUT /v1/user/{userId}/profile-picture with the image bytes as the body. */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
