import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { BUILD_PATHS } from '@contract/builds/paths';
import type { Build } from '@contract/builds/schemas';
import { api } from '@/api/client';
import { buildKeys } from '../keys';

/** GET /v1/shops/{alias}/builds/{buildId}: one build with its stages, logs and artifacts. */
function getBuild(alias: string, buildId: number, signal?: AbortSignal): Promise<Build> {
  return api<Build>(fillPath(BUILD_PATHS.one, { alias, buildId }), { fallback: 'Could not load this build', signal });
}

export function buildQueryOptions(alias: string, buildId: number) {
  return queryOptions({ queryKey: buildKeys.one(alias, buildId), queryFn: ({ signal }) => getBuild(alias, buildId, signal), meta: { persist: false } });
}
