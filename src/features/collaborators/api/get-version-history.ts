import { queryOptions } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { VersionHistoryEntry } from '@contract/design/versions';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { shopKeys } from '@/lib/shop-keys';

/** How many history entries app details shows per version. */
const HISTORY_SHOWN = 10;

/** GET /v1/shops/{alias}/design/versions/{version}/history?limit=10: who changed what, newest first. */
function getVersionHistory(alias: string, version: number, signal?: AbortSignal): Promise<VersionHistoryEntry[]> {
  return api<VersionHistoryEntry[]>(`${fillPath(DESIGN_PATHS.versionHistory, { alias, version })}?limit=${HISTORY_SHOWN}`, {
    fallback: 'Could not load the history',
    signal,
  });
}

export function versionHistoryQueryOptions(alias: string, version: number) {
  return queryOptions({ queryKey: shopKeys.versionHistory(alias, version), queryFn: ({ signal }) => getVersionHistory(alias, version, signal), staleTime: 0 });
}
