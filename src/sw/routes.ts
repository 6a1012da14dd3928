/**
 * Which requests the service worker answers from where. Pure URL logic, shared with the
 * unit tests (no service-worker globals here).
 */

/** Paths the SPA navigation fallback must never answer: server endpoints and downloads. */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/v1(\/|$)/,
  /^\/socket\.io(\/|$)/,
  /^\/healthz$/,
  /^\/uploads(\/|$)/,
  // The live preview app download (spec section 2) is a file, not an app route.
  /^\/app_viewer(\/|$)/,
];

/**
 * Public catalogue reads of spec section 7: the same answer for every visitor, so a stale
 * copy is a good offline answer (plans, super-categories and the sample preview data).
 */
const CATALOG_PATHS = [
  '/v1/plans',
  '/v1/super-categories',
  '/v1/category-backgrounds',
  '/v1/productcategories',
  '/v1/product-categories',
  '/v1/slideshows',
  '/v1/sample',
];

export function isCatalogRequest(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  return CATALOG_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`));
}
