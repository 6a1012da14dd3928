/**
 * The brand as both halves show it: the portal's theme and shell, the server's e-mails and the
 * static first paint of the homepage (server/src/web/app-shell.ts).
 */
export const PRODUCT_NAME = 'ShopApp Studio';

/**
 * Brand colours. Every text/background pair used by the shell meets WCAG AA (4.5:1):
 * white on `primary` is 5.9:1, white on `ink` 16:1.
 */
export const BRAND = {
  primary: '#1B4DFF',
  primaryDark: '#1238C4',
  ink: '#0B1437',
  inkSoft: '#1A2A6C',
  surface: '#F5F7FF',
  footerText: '#E3E8FF',
} as const;

/** The homepage hero's copy (its first screen). */
export const HERO = {
  title: 'Your shop, as a mobile app your customers will love',
  lead: 'Design a branded e-commerce app from a template, preview it live on your phone, order it, and pay only for the minutes it runs.',
  primaryAction: 'Get Started',
  secondaryAction: 'See the features',
} as const;

/** The hero's background, shared by the React hero and the static first paint. */
export const HERO_BACKGROUND = `radial-gradient(circle at 85% 10%, ${BRAND.primary} 0%, transparent 45%), linear-gradient(160deg, ${BRAND.ink} 0%, ${BRAND.inkSoft} 100%)`;
