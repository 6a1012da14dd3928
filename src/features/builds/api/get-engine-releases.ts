import { queryOptions } from '@tanstack/react-query';
import { RELEASE_PATHS } from '@contract/releases/paths';
import type { EngineRelease } from '@contract/releases/schemas';
import { api } from '@/api/client';
import { buildKeys } from '../keys';

const MERCHANT_APP = 'merchant-app';

/** GET /v1/engine/releases?appType=merchant-app: the engine releases an app can be built on, newest first. */
function getEngineReleases(signal?: AbortSignal): Promise<EngineRelease[]> {
  return api<EngineRelease[]>(RELEASE_PATHS.engineReleases, { query: { appType: MERCHANT_APP }, fallback: 'Could not load the engine releases', signal });
}

export function engineReleasesQueryOptions() {
  return queryOptions({ queryKey: buildKeys.releases(MERCHANT_APP), queryFn: ({ signal }) => getEngineReleases(signal), staleTime: 300_000 });
}
