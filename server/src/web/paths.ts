/** Pure rules of the static portal: which paths are app routes, caching, the served index.html. */
import { escapeHtml } from '../html';

/** Paths the portal never owns: the API, socket.io, uploads and the health check. */
const SERVER_PATHS = ['/v1', '/socket.io', '/uploads', '/healthz'];

/** True for a path the portal's router renders (history fallback to index.html). */
export function isAppRoute(pathname: string): boolean {
  if (SERVER_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
export const CACHE_SHORT = 'public, max-age=3600';

/** Files whose name never changes between builds: a browser must revalidate them every time. */
const ALWAYS_REVALIDATE = /^(index\.html|sw\.js|manifest\.webmanifest|registerSW\.js|workbox-[\w-]+\.js)$/;

/**
 * True for a URL path inside dist/'s hashed-name folders: Vite's assets and the sample catalogue's
 * pictures (scripts/make-sample-catalogue.ts). Never changed in place, and never a page or a worker
 * (the service worker is /sw.js): scripts, styles, fonts and pictures.
 */
export function isHashedFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || pathname.startsWith('/catalogue/');
}

/** Cache-Control for a file of dist/, given its path relative to dist/ with / separators. */
export function cacheControlFor(relativePath: string): string {
  if (isHashedFile(`/${relativePath}`)) return CACHE_IMMUTABLE;
  if (ALWAYS_REVALIDATE.test(relativePath)) return CACHE_REVALIDATE;
  return CACHE_SHORT;
}

/** Sets `<meta name="..." content="...">`, adding the tag before </head> when the template lacks it. */
function fillMeta(html: string, name: string, content: string): string {
  const meta = `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const existing = new RegExp(`<meta\\s+name=["']${name}["'][^>]*>`, 'i');
  if (existing.test(html)) return html.replace(existing, meta);
  return html.replace(/<\/head>/i, `  ${meta}\n  </head>`);
}

/**
 * Fills the client credential and the Facebook app id (empty when unset) into index.html; the
 * portal reads them from these meta tags (src/api/client.ts, the Facebook sign-in button).
 */
export function renderIndexHtml(html: string, clientCredential: string, facebookAppId = ''): string {
  return fillMeta(fillMeta(html, 'portal-client-credential', clientCredential), 'portal-facebook-app-id', facebookAppId);
}
