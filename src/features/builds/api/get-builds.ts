import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { BUILD_PATHS } from '@contract/builds/paths';
import type { Build } from '@contract/builds/schemas';
import { api } from '@/api/client';
import { buildKeys } from '../keys';

/** How many builds the panel lists (the current one and its history). */
const BUILDS_LIMIT = 20;

/** GET /v1/shops/{alias}/builds?limit=20: the app's builds, newest first. */
function getBuilds(alias: string, signal?: AbortSignal): Promise<Build[]> {
  return api<Build[]>(fillPath(BUILD_PATHS.builds, { alias }), { query: { limit: BUILDS_LIMIT }, fallback: 'Could not load the builds', signal });
}

export function buildsQueryOptions(alias: string) {
  // The answer carries signed download links: kept out of localStorage.
  return queryOptions({ queryKey: buildKeys.list(alias), queryFn: ({ signal }) => getBuilds(alias, signal), meta: { persist: false } });
}
