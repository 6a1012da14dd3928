import { CONSTANTS } from '@contract/constants';
import type { FileRouteTypes } from '@/routeTree.gen';
import { NAMED_ROUTES } from './named-routes';

/** Any path of the route tree a navigation entry may point at. */
type AppPath = FileRouteTypes['to'];

/**
 * One entry of the nav bar, side drawer or footer (spec section 2 "Navigation").
 * `loggedIn`: undefined = always shown, true = logged-in users only, false = logged-out only.
 */
export type NavEntry = { label: string; loggedIn?: boolean } & ({ kind: 'link'; to: AppPath } | { kind: 'action'; action: 'login' | 'logout' });

const features: NavEntry = { kind: 'link', label: 'Features', to: '/features' };
const pricing: NavEntry = { kind: 'link', label: 'Pricing', to: '/pricing' };
const templates: NavEntry = { kind: 'link', label: 'Templates', to: '/templates' };
const myApps: NavEntry = { kind: 'link', label: 'My Apps', to: NAMED_ROUTES.MyAppsList, loggedIn: true };
const billing: NavEntry = { kind: 'link', label: 'Billing', to: NAMED_ROUTES.Billing, loggedIn: true };
const paymentMethods: NavEntry = { kind: 'link', label: 'Payment Methods', to: NAMED_ROUTES.PaymentMethods, loggedIn: true };

/** Nav bar links beside the logo. */
export const NAV_BAR: readonly NavEntry[] = [features, pricing, templates];

export const SIDE_DRAWER: readonly NavEntry[] = [
  { kind: 'action', action: 'login', label: 'Login/Register', loggedIn: false },
  features,
  pricing,
  templates,
  myApps,
  billing,
  paymentMethods,
  { kind: 'action', action: 'logout', label: 'Logout', loggedIn: true },
];

/** The account dropdown of the top bar, after its greeting and credit (spec section 2). */
export const ACCOUNT_MENU: readonly NavEntry[] = [
  myApps,
  billing,
  paymentMethods,
  { kind: 'link', label: 'Create Template', to: NAMED_ROUTES.CreateTemplate, loggedIn: true },
  { kind: 'link', label: 'Account', to: '/account', loggedIn: true },
  { kind: 'action', action: 'logout', label: 'Logout', loggedIn: true },
];

export const FOOTER_INFORMATION: readonly NavEntry[] = [features, pricing, templates, myApps, billing, paymentMethods];

export const FOOTER_COMPANY: readonly NavEntry[] = [
  { kind: 'link', label: 'About Us', to: '/about-us' },
  { kind: 'link', label: 'Contact Us', to: '/contact-us' },
  { kind: 'link', label: 'Terms', to: '/terms' },
  { kind: 'link', label: 'Privacy Policy', to: '/privacy-policy' },
  { kind: 'link', label: 'FAQs', to: '/faq' },
];

/** The entries a visitor sees, in order. */
export function visibleEntries(entries: readonly NavEntry[], isLoggedIn: boolean): NavEntry[] {
  return entries.filter((entry) => entry.loggedIn === undefined || entry.loggedIn === isLoggedIn);
}

/** The nav bar turns solid after 50 px of scrolling (spec section 2). */
export function isNavSolid(scrollY: number): boolean {
  return scrollY > CONSTANTS.navSolidAfterScrollPx;
}
