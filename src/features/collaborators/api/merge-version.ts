import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { MergeRequest, MergeResult } from '@contract/design/versions';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { designVersionsQueryOptions } from './get-design-versions';
import { mergePlanQueryOptions } from './get-merge-plan';
import { versionHistoryQueryOptions } from './get-version-history';

/** POST /v1/shops/{alias}/design/versions/{version}/merge {resolutions} */
export function mergeVersion({ alias, version, ...body }: MergeRequest & { alias: string; version: number }): Promise<MergeResult> {
  return api<MergeResult>(fillPath(DESIGN_PATHS.mergeVersion, { alias, version }), { method: 'POST', body, fallback: 'Could not merge the versions' });
}

export function useMergeVersion(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeVersion,
    onSuccess: (result) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: designVersionsQueryOptions(alias).queryKey }),
        queryClient.invalidateQueries({ queryKey: mergePlanQueryOptions(alias, result.version).queryKey }),
        queryClient.invalidateQueries({ queryKey: versionHistoryQueryOptions(alias, result.defaultVersion).queryKey }),
      ]),
  });
}
