import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { COLLABORATOR_PATHS } from '@contract/collaborators/paths';
import type { DesignVersion } from '@contract/collaborators/schemas';
import { api } from '@/api/client';

/** GET /v1/shops/{alias}/design/versions: the design's branches. */
export function getDesignVersions(alias: string, signal?: AbortSignal): Promise<DesignVersion[]> {
  return api<DesignVersion[]>(fillPath(COLLABORATOR_PATHS.versions, { alias }), { fallback: 'Could not load the design versions', signal });
}

export function designVersionsQueryOptions(alias: string) {
  return queryOptions({ queryKey: ['design-versions', alias], queryFn: ({ signal }) => getDesignVersions(alias, signal), staleTime: 0 });
}
