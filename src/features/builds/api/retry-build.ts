import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { BUILD_PATHS } from '@contract/builds/paths';
import type { Build } from '@contract/builds/schemas';
import { api } from '@/api/client';
import { storeBuild } from '../store';

/** POST /v1/shops/{alias}/builds/{buildId}/retry: a new build of a failed or cancelled one (answers the new build). */
function retryBuild({ alias, buildId }: { alias: string; buildId: number }): Promise<Build> {
  return api<Build>(fillPath(BUILD_PATHS.retry, { alias, buildId }), { method: 'POST', fallback: 'Could not build the app again' });
}

export function useRetryBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryBuild,
    // The panel shows the failure beside its button.
    meta: { errorToast: false },
    onSuccess: (build) => storeBuild(queryClient, build),
  });
}
