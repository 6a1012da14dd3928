import { queryOptions } from '@tanstack/react-query';
import { RELEASE_PATHS } from '@contract/releases/paths';
import type { EngineRelease } from '@contract/releases/schemas';
import { api } from '@/api/client';

/** GET /v1/engine/releases?appType=merchant-app: the build engines a published template builds with. */
function getEngineReleases(appType: string, signal?: AbortSignal): Promise<EngineRelease[]> {
  return api<EngineRelease[]>(RELEASE_PATHS.engineReleases, { query: { appType }, fallback: 'Could not load the engine releases', signal });
}

export function engineReleasesQueryOptions(appType = 'merchant-app') {
  return queryOptions({ queryKey: ['engine-releases', appType], queryFn: ({ signal }) => getEngineReleases(appType, signal), staleTime: 300_000 });
}
