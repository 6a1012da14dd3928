/**
 * The screens of the phone preview (spec section 2): the splash and login screens, then the app's
 * internal pages, and the order a template preview card plays them in. Zod-free: the /test/preview
 * route's search validation (in the initial JS) and the gallery's cards read it.
 */
import { CONSTANTS } from '@contract/constants';

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

export type PlayOrder = 'in-order' | 'random';

/** The screen after `current` when playing: the next one in order, or a random pick 0 to 30 over the screens. */
export function nextPlayScreen(current: Screen, order: PlayOrder, random: () => number = Math.random): Screen {
  if (order === 'random') {
    const pick = Math.floor(random() * (CONSTANTS.randomPageMax + 1));
    const next = SCREENS[pick % SCREENS.length] as Screen;
    return next === current ? (SCREENS[(pick + 1) % SCREENS.length] as Screen) : next;
  }
  return SCREENS[(SCREENS.indexOf(current) + 1) % SCREENS.length] as Screen;
}
