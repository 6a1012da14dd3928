/** E-mail payloads (spec section 7: /v1/emails/send and /v1/emails/verify). */
import { z } from '../zod';
import { emailText, tokenText, text, TEXT_LIMITS } from '../text';
import { EMAIL_TYPES } from './paths';

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
