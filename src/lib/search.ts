/**
 * Search parameters every page accepts (spec sections 1-2): `login-modal` opens the login
 * prompt (`login-view` picks its view, `login-tab` its tab, `redirect` where to go after logging in), `ref`/`referrer` carry a referral code. The router parses values as JSON first, so
 * `?login-modal=true` arrives as a boolean and `?ref=123` as a number. A value that does not fit
 * is dropped, so a bad link still shows its page rather than an error.
 */
import { hasControlCharacters } from '@contract/control-characters';

const TRUE_VALUES = new Set<unknown>([true, 'true', '1', 1, '']);
const FALSE_VALUES = new Set<unknown>([false, 'false', '0', 0]);
const REFERRAL_CODE = /^[\w-]{1,64}$/;

export function parseLoginModal(value: unknown): boolean | undefined {
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  return undefined;
}

export function parseReferralCode(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const code = String(value).trim();
  return REFERRAL_CODE.test(code) ? code : undefined;
}

/**
 * Where to continue after logging in: a path on this site only. It must start with '/' and not
 * with '//' or '/\\' (both would leave the site), and hold no control characters.
 */
export function parseRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (hasControlCharacters(value) || value.length > 2048) return undefined;
  return value;
}

const LOGIN_VIEWS = ['login-register', 'forgot-password'] as const;
export type LoginView = (typeof LOGIN_VIEWS)[number];

function parseLoginView(value: unknown): LoginView | undefined {
  return LOGIN_VIEWS.find((view) => view === value);
}

const LOGIN_TABS = ['login', 'register'] as const;
export type LoginTab = (typeof LOGIN_TABS)[number];

function parseLoginTab(value: unknown): LoginTab | undefined {
  return LOGIN_TABS.find((tab) => tab === value);
}

/**
 * The login modal's tab for a visitor a private page sent to it: starting a new app (Get Started,
 * '+ New App') is what a visitor without an account does, so it opens on Register; any other
 * private page is one a returning merchant opens, so on Login.
 */
export function loginTabFor(pathname: string): LoginTab {
  return /^\/new-app(\/|$)/.test(pathname) ? 'register' : 'login';
}

interface RootSearch {
  'login-modal'?: boolean | undefined;
  /** The login modal's view mode (spec section 2): 'forgot-password' opens straight on it. */
  'login-view'?: LoginView | undefined;
  /** The tab the login modal opens on (Login unless set). */
  'login-tab'?: LoginTab | undefined;
  /** Set by private routes: the page to continue to after logging in. */
  redirect?: string | undefined;
  ref?: string | undefined;
  referrer?: string | undefined;
}

/**
 * The root route's `validateSearch`: a plain function rather than a schema library, since every
 * page loads it (a validator library would add ~14 kB gzip to the homepage's initial JS). Never
 * throws. Every key is returned, `undefined` when its value does not fit: the router merges the
 * result over the raw search, so an explicit `undefined` is what drops a bad value from the URL.
 */
export function validateRootSearch(search: Record<string, unknown>): RootSearch {
  return {
    'login-modal': parseLoginModal(search['login-modal']),
    'login-view': parseLoginView(search['login-view']),
    'login-tab': parseLoginTab(search['login-tab']),
    redirect: parseRedirect(search.redirect),
    ref: parseReferralCode(search.ref),
    referrer: parseReferralCode(search.referrer),
  };
}
