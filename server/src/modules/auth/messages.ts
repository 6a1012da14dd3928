/** Every sentence the auth module (sign-in and e-mail calls) answers with (tests import them too). */
import { inMinutes } from '../../auth/rate-limit';

export const AUTH_MODULE_MESSAGES = {
  success: 'Success',
  emailTaken: 'An account with this email already exists. Please log in.',
  facebookTaken: 'This Facebook login is already linked to an account. Please log in.',
  invalidCredentials: 'Invalid email or password',
  tooManyLogins: (seconds: number) => `Too many login attempts. Please try again ${inMinutes(seconds)}.`,
  tooManyRegistrations: (seconds: number) => `Too many accounts created from this address. Please try again ${inMinutes(seconds)}.`,
  tooManyResetRequests: (seconds: number) => `Too many password reset requests. Please try again ${inMinutes(seconds)}.`,
  resetLinkSent: 'A password reset link has been sent to the email provided',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. You can now log in.',
  facebookUnavailable: 'Facebook sign-in is not available.',
  socialLoginFailed: 'Login failed',
  facebookNotLinked: 'No account is linked to this Facebook login. Please register.',
} as const;

export const EMAIL_MESSAGES = {
  emailSent: 'Email sent',
  alreadyVerified: 'Your email is already verified',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  emailVerified: 'Your email is verified',
  userNotFound: 'User not found',
  tooManyEmails: (seconds: number) => `Too many emails sent. Please try again ${inMinutes(seconds)}.`,
} as const;
