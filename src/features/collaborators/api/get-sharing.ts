import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { Sharing } from '@contract/design/sharing';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** GET /v1/shops/{alias}/sharing */
export function getSharing(alias: string, signal?: AbortSignal): Promise<Sharing> {
  return api<Sharing>(fillPath(DESIGN_PATHS.sharing, { alias }), { fallback: 'Could not load the sharing settings', signal });
}

export function sharingQueryOptions(alias: string) {
  return queryOptions({ queryKey: shopKeys.sharing(alias), queryFn: ({ signal }) => getSharing(alias, signal), staleTime: 0 });
}
