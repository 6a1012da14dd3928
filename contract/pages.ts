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

/**
 * The public pages (spec section 2: homepage, Features, Pricing, Templates and the information
 * pages): prerendered from their React components at build time (src/prerender/), served with
 * their content, title, description and Open Graph tags, and listed in /sitemap.xml.
 */
export const PUBLIC_PAGES: readonly string[] = ['/', '/features', '/pricing', '/templates', '/about-us', '/faq', '/contact-us', '/terms', '/privacy-policy'];

/** A public page rendered at build time (src/prerender/render.tsx), served by server/src/web/prerendered.ts. */
export interface PrerenderedPage {
  path: string;
  title: string;
  description: string;
  /** The markup inside #root. */
  html: string;
  /** The <style data-emotion> elements for <head>. */
  styles: string;
}

/** One query's data a page was rendered with on the server for a request (src/lib/served-data.ts). */
export interface ServedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

/** The data a page was rendered with per request, carried in its HTML as JSON for the client's cache. */
export interface ServedData {
  /** When the server read the data (ms since the epoch): the client refreshes it from then on. */
  readAt: number;
  queries: ServedQuery[];
}
