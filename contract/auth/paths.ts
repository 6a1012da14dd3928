/** Authentication calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const AUTH_PATHS = {
  register: '/auth/register',
  login: '/auth/login',
  verifyToken: '/auth/verify-token',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
} as const;
