/** Every sentence the emails module answers with (tests import them too). */
import { inMinutes } from '../../auth/rate-limit';

export const EMAIL_MESSAGES = {
  emailSent: 'Email sent',
  alreadyVerified: 'Your email is already verified',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Your email is verified',
  userNotFound: 'User not found',
  tooManyEmails: (seconds: number) => `Too many emails sent. Please try again ${inMinutes(seconds)}.`,
} as const;
