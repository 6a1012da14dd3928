import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { BUILD_PATHS } from '@contract/builds/paths';
import type { Build } from '@contract/builds/schemas';
import { api } from '@/api/client';
import { storeBuild } from '../store';

/** POST /v1/shops/{alias}/builds/{buildId}/links: new signed download links, also sent by e-mail. */
function sendBuildLinks({ alias, buildId }: { alias: string; buildId: number }): Promise<Build> {
  return api<Build>(fillPath(BUILD_PATHS.links, { alias, buildId }), { method: 'POST', fallback: 'Could not send new links' });
}

export function useSendBuildLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBuildLinks,
    // The panel shows the failure beside its button.
    meta: { errorToast: false },
    onSuccess: (build) => storeBuild(queryClient, build),
  });
}
