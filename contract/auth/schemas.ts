/** Authentication payloads and answers (spec section 7): register, login, sessions, password reset, e-mails. */
import { z } from '../zod';
import { userSchema } from '../users/schemas';
import { emailText, nameText, optionalText, passwordText, text, tokenText, TEXT_LIMITS } from '../text';
import { FIELD_MESSAGES, isValidPassword, isValidPhone } from '../validation';
import { EMAIL_TYPES } from './paths';

export const GRANT_TYPES = ['email', 'facebook'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * POST /v1/auth/register (spec section 3 Registration payload). The picture fields are not
 * accepted: a social sign-in's picture comes from the verified provider profile, any other from
 * the upload route.
 */
export const registrationSchema = z
  .object({
    firstName: nameText('First Name'),
    lastName: nameText('Last Name'),
    email: emailText(),
    /** E-mail grant: a phone number (checked below). Social sign-in sends the provider id here. */
    phoneNo: text({ label: 'Phone No', max: TEXT_LIMITS.socialId, error: FIELD_MESSAGES.phone }),
    password: passwordText(),
    confirmPassword: passwordText().optional(),
    role: z.literal('user').default('user'),
    fcmId: optionalText('fcmId', TEXT_LIMITS.longToken),
    deviceId: optionalText('deviceId', TEXT_LIMITS.shortText),
    grant_type: z.enum(GRANT_TYPES).default('email'),
    requiresVerification: z.boolean().optional(),
    /** Social sign-in: the provider's user id, and the access token the server verifies. */
    facebookId: text({ label: 'facebookId', max: TEXT_LIMITS.socialId }).optional(),
    accessToken: text({ label: 'accessToken', max: TEXT_LIMITS.longToken }).optional(),
    /** The referral code this visitor arrived with (?ref= or ?referrer=). */
    referredByCode: optionalText('referredByCode', TEXT_LIMITS.code),
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

/** POST /v1/auth/login */
export const loginSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('email'),
    email: emailText(),
    password: passwordText('Please enter your password').min(1, 'Please enter your password'),
  }),
  z.object({
    grant_type: z.literal('facebook'),
    facebookId: tokenText('facebookId', TEXT_LIMITS.socialId),
    accessToken: tokenText('accessToken', TEXT_LIMITS.longToken),
  }),
]);
export type LoginPayload = z.input<typeof loginSchema>;

/** POST /v1/auth/forgot-password */
export const forgotPasswordSchema = z.object({ email: emailText(), platform: text({ label: 'platform', max: 64 }).default('portal') });
export type ForgotPasswordPayload = z.input<typeof forgotPasswordSchema>;

/** POST /v1/auth/reset-password: the token of the e-mailed link and the new password. */
export const resetPasswordSchema = z
  .object({
    token: tokenText('token', TEXT_LIMITS.token, 10),
    password: passwordText().refine(isValidPassword, FIELD_MESSAGES.password),
    confirmPassword: passwordText(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: FIELD_MESSAGES.passwordsDiffer });
export type ResetPasswordPayload = z.input<typeof resetPasswordSchema>;

/** POST v1/auth/verify-token: is this session token still good? */
export const verifyTokenSchema = z.object({ token: tokenText('token', TEXT_LIMITS.longToken) });
export type VerifyTokenPayload = z.input<typeof verifyTokenSchema>;

/** What register and login answer. */
export const authResultSchema = z.object({ user: userSchema, token: z.string() });
export type AuthResult = z.infer<typeof authResultSchema>;

/** What verify-token answers for a good token. */
export const verifyTokenResultSchema = z.object({ valid: z.literal(true), user: userSchema });
export type VerifyTokenResult = z.infer<typeof verifyTokenResultSchema>;

/** POST /v1/emails/send: the caller asks for one of their own e-mails again. */
export const sendEmailSchema = z.object({
  emailType: z.enum(EMAIL_TYPES),
  to: emailText(),
  firstName: text({ label: 'First Name', max: TEXT_LIMITS.name }).optional(),
});
export type SendEmailPayload = z.input<typeof sendEmailSchema>;

/** POST /v1/emails/verify: the token from the verification link. */
export const verifyEmailSchema = z.object({ token: tokenText('token', TEXT_LIMITS.token, 10) });
export type VerifyEmailPayload = z.input<typeof verifyEmailSchema>;
