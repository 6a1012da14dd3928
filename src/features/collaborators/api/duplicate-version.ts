import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { DesignVersion } from '@contract/design/versions';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { designVersionsQueryOptions } from './get-design-versions';

/** POST /v1/shops/{alias}/design/versions {from}: a copy to try an idea on. */
export function duplicateVersion({ alias, from }: { alias: string; from: number }): Promise<DesignVersion> {
  return api<DesignVersion>(fillPath(DESIGN_PATHS.versions, { alias }), { method: 'POST', body: { from }, fallback: 'Could not duplicate the version' });
}

export function useDuplicateVersion(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designVersionsQueryOptions(alias).queryKey }),
  });
}
