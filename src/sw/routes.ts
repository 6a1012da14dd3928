/**
 * Which requests the service worker answers from where. Pure URL logic, shared with the
 * unit tests (no service-worker globals here).
 */
import { API_PREFIX, apiPath } from '@contract/api';
import { PUBLIC_CATALOG_PATHS } from '@contract/catalog/paths';

/** Paths the SPA navigation fallback must never answer: server endpoints and downloads. */
export const NAVIGATION_DENYLIST: RegExp[] = [
  new RegExp(`^${API_PREFIX}(/|$)`),
  /^\/socket\.io(\/|$)/,
  /^\/healthz$/,
  /^\/uploads(\/|$)/,
  // Test mode's hosted payment pages (the built-in test gateways) are server pages on this origin.
  /^\/sandbox(\/|$)/,
  // The live preview app download (spec section 2) is a file, not an app route.
  /^\/app_viewer(\/|$)/,
];

export function isCatalogRequest(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  // Public catalogue reads (spec section 7): a stale copy is a good offline answer. The
  // super-category's own categories (/super-categories/{id}/product-categories) are included.
  return PUBLIC_CATALOG_PATHS.some((path) => {
    const full = apiPath(path.replace(/\/$/, ''));
    return url.pathname === full || url.pathname === `${full}/` || url.pathname.startsWith(`${full}/`);
  });
}
