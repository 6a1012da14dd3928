import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { DesignVersion } from '@contract/design/versions';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { designVersionsQueryOptions } from './get-design-versions';

/** PUT /v1/shops/{alias}/design/versions/{version}/default */
export function makeDefaultVersion({ alias, version }: { alias: string; version: number }): Promise<DesignVersion[]> {
  return api<DesignVersion[]>(fillPath(DESIGN_PATHS.defaultVersion, { alias, version }), { method: 'PUT', fallback: 'Could not change the default version' });
}

export function useMakeDefaultVersion(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeDefaultVersion,
    onSuccess: (versions) => queryClient.setQueryData(designVersionsQueryOptions(alias).queryKey, versions),
  });
}
