import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { MergePlan } from '@contract/design/versions';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** GET /v1/shops/{alias}/design/versions/{version}/merge: what merging into the default would apply. */
function getMergePlan(alias: string, version: number, signal?: AbortSignal): Promise<MergePlan> {
  return api<MergePlan>(fillPath(DESIGN_PATHS.mergeVersion, { alias, version }), { fallback: 'Could not compare the versions', signal });
}

export function mergePlanQueryOptions(alias: string, version: number) {
  return queryOptions({ queryKey: shopKeys.mergePlan(alias, version), queryFn: ({ signal }) => getMergePlan(alias, version, signal), staleTime: 0 });
}
