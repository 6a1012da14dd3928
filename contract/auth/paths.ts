/** Authentication and e-mail calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const AUTH_PATHS = {
  register: '/auth/register',
  login: '/auth/login',
  verifyToken: '/auth/verify-token',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
} as const;

/** E-mail calls (spec section 7). */
export const EMAIL_PATHS = {
  send: '/emails/send',
  verify: '/emails/verify',
} as const;

/** Spec section 3: the confirmation and welcome e-mail types. */
export const EMAIL_TYPES = ['EMAIL_CONFIRMATION_EMAIL', 'WELCOME_EMAIL'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
