import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { BUILD_PATHS } from '@contract/builds/paths';
import type { Build } from '@contract/builds/schemas';
import { api } from '@/api/client';
import { storeBuild } from '../store';

/** POST /v1/shops/{alias}/builds/{buildId}/cancel: cancel a build that has not finished. */
function cancelBuild({ alias, buildId }: { alias: string; buildId: number }): Promise<Build> {
  return api<Build>(fillPath(BUILD_PATHS.cancel, { alias, buildId }), { method: 'POST', fallback: 'Could not cancel the build' });
}

export function useCancelBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBuild,
    // The panel shows the failure beside its button.
    meta: { errorToast: false },
    onSuccess: (build) => storeBuild(queryClient, build),
  });
}
