/**
 * Portal pages the server names: the targets of e-mailed links, and the pages whose URL carries
 * a one-time token (served with `Referrer-Policy: no-referrer`). Zod-free.
 */
export const PORTAL_PAGES = {
  home: '/',
  verifyEmail: '/email/verify',
  resetPassword: '/password/reset',
} as const;

/** Pages whose address carries a secret (`?token=`): they must never leak it in a Referer. */
export const TOKEN_PAGES: readonly string[] = [PORTAL_PAGES.verifyEmail, PORTAL_PAGES.resetPassword, '/join-project'];

/** Where uploaded files are served from (profile pictures; shop media later). */
export const UPLOADS_PATH = '/uploads' as const;
