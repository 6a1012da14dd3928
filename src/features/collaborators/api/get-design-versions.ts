import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { DesignVersion } from '@contract/design/versions';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** GET /v1/shops/{alias}/design/versions: the design's branches. */
function getDesignVersions(alias: string, signal?: AbortSignal): Promise<DesignVersion[]> {
  return api<DesignVersion[]>(fillPath(DESIGN_PATHS.versions, { alias }), { fallback: 'Could not load the design versions', signal });
}

export function designVersionsQueryOptions(alias: string) {
  return queryOptions({ queryKey: shopKeys.versions(alias), queryFn: ({ signal }) => getDesignVersions(alias, signal), staleTime: 0 });
}
