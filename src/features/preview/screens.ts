/**
 * The screens of the phone preview (spec section 2): the splash and login screens, then the app's
 * internal pages. Dependency-free: the /test/preview route's search validation (in the initial
 * JS) reads it.
 */
export const PREVIEW_PAGES = [
  'home-page',
  'categories-page',
  'order-history',
  'cart',
  'customer-care',
  'support',
  'product-details',
  'product-list',
  'check-out',
] as const;
export type PreviewPage = (typeof PREVIEW_PAGES)[number];
/** What the phone can show: the splash and login screens, then the app's internal pages. */
export type Screen = 'splash' | 'login' | PreviewPage;
export const SCREENS: readonly Screen[] = ['splash', 'login', ...PREVIEW_PAGES];

/** A page name from the editor or a link; 'general' (the editor's General section) is home. */
export function toScreen(name: string | undefined): Screen {
  if (name === 'general') return 'home-page';
  return (SCREENS as readonly string[]).includes(name ?? '') ? (name as Screen) : 'home-page';
}
