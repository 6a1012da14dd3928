/**
 * Route-aware preloads for the served index.html. The router plugin splits each route's
 * component into its own chunk, which the browser would only request after the entry script has
 * run: a second round trip before the page can paint. Vite's build manifest says which chunk
 * (and which shared chunks) each route file needs, so the server names them in the HTML it
 * sends for that path and the browser fetches them alongside the entry script.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The slice of Vite's `.vite/manifest.json` this reads. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

interface RoutePreload {
  /** Path segments; `null` is a `$param` segment (matches any one segment). */
  segments: (string | null)[];
  /** URLs (/assets/...) the route needs beyond what index.html already loads. */
  files: string[];
}

const SPLIT_COMPONENT = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** A segment that adds nothing to the URL: a pathless layout (`_authed`) or a group (`(shop)`). */
const isPathless = (part: string) => part.startsWith('_') || part.startsWith('(');

/**
 * `src/routes/apps/$alias/index.tsx` -> ['apps', null]; `src/routes/_authed/billing.tsx` ->
 * ['billing'] (pathless segments are skipped); a pathless layout's own file is no page: null.
 */
function routeSegments(routeFile: string): (string | null)[] | null {
  const parts = routeFile.split('/');
  if (isPathless(parts.at(-1) ?? '')) return null;
  return parts.filter((part) => part !== 'index' && !isPathless(part)).map((part) => (part.startsWith('$') ? null : part));
}

/** Every chunk `key` imports statically, itself included. */
function closure(manifest: BuildManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

export function routePreloads(manifest: BuildManifest): RoutePreload[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const initial = entry ? closure(manifest, entry) : new Set<string>();
  const routes: RoutePreload[] = [];
  for (const key of Object.keys(manifest)) {
    const match = SPLIT_COMPONENT.exec(key);
    const segments = match?.[1] ? routeSegments(match[1]) : null;
    if (!segments) continue;
    const needed = [...closure(manifest, key)].filter((chunk) => !initial.has(chunk));
    routes.push({ segments, files: needed.map((chunk) => `/${manifest[chunk]?.file ?? ''}`) });
  }
  // Static segments win over parameters at the same depth (/apps/x/public before /apps/$alias).
  const weight = (route: RoutePreload) => route.segments.map((segment) => (segment === null ? '1' : '0')).join('');
  return routes.sort((a, b) => weight(a).localeCompare(weight(b)));
}

/** The preload URLs for `pathname`, or none when no split route matches it. */
export function preloadsFor(routes: readonly RoutePreload[], pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  const route = routes.find(
    ({ segments }) => segments.length === parts.length && segments.every((segment, index) => segment === null || segment === parts[index]),
  );
  return route?.files ?? [];
}

/** Adds `<link rel="modulepreload">` tags before </head>. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('\n    ');
  return html.replace(/<\/head>/i, `  ${links}\n  </head>`);
}

/** Reads DIST_DIR/.vite/manifest.json; an older build without one simply gets no preloads. */
export function readBuildManifest(distDir: string): BuildManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}
