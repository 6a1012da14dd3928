/**
 * The portal's route table, written at build time by vite.config.ts into dist/.vite/routes.json
 * (the router's full paths, pathless layouts left out): the server answers 404 for an app-looking
 * path no route matches, with the same index.html, so the portal still renders its not-found page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROUTE_TABLE_FILE = path.join('.vite', 'routes.json');

/** One route as path segments: a string matches itself, PARAM any one segment, SPLAT the rest. */
type Segment = string | typeof PARAM | typeof OPTIONAL | typeof SPLAT;
const PARAM = Symbol('param');
const OPTIONAL = Symbol('optional');
const SPLAT = Symbol('splat');

type RouteTable = Segment[][];

function segmentOf(part: string): Segment {
  if (part === '$' || part === '*') return SPLAT;
  if (/^\{-\$\w+\}$/.test(part)) return OPTIONAL;
  if (part.startsWith('$') || /^\{\$\w+\}$/.test(part)) return PARAM;
  return part;
}

/** Parses full paths such as '/apps/$alias/' (the router writes index routes with a trailing slash). */
function parseRouteTable(fullPaths: readonly string[]): RouteTable {
  return fullPaths
    .filter((fullPath) => typeof fullPath === 'string' && fullPath.startsWith('/'))
    .map((fullPath) => fullPath.split('/').filter(Boolean).map(segmentOf));
}

function matches(route: readonly Segment[], parts: readonly string[]): boolean {
  if (route.length === 0) return parts.length === 0;
  const [head, ...rest] = route;
  if (head === SPLAT) return true;
  if (head === OPTIONAL) return matches(rest, parts) || (parts.length > 0 && matches(rest, parts.slice(1)));
  if (parts.length === 0) return false;
  if (head !== PARAM && head !== parts[0]) return false;
  return matches(rest, parts.slice(1));
}

/** True when some route of the table renders `pathname` (a trailing slash does not matter). */
export function isKnownRoute(table: RouteTable, pathname: string): boolean {
  let parts: string[];
  try {
    parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return false;
  }
  return table.some((route) => matches(route, parts));
}

/** Reads DIST_DIR/.vite/routes.json; null (every app path renders with 200) for a build without one. */
export function readRouteTable(distDir: string): RouteTable | null {
  try {
    const raw: unknown = JSON.parse(readFileSync(path.join(distDir, ROUTE_TABLE_FILE), 'utf8'));
    return Array.isArray(raw) ? parseRouteTable(raw.filter((item): item is string => typeof item === 'string')) : null;
  } catch {
    return null;
  }
}
