import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { Sharing, SharingUpdate } from '@contract/design/sharing';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { sharingQueryOptions } from './get-sharing';

/** PUT /v1/shops/{alias}/sharing: the public link on or off. */
export function setSharing({ alias, ...body }: SharingUpdate & { alias: string }): Promise<Sharing> {
  return api<Sharing>(fillPath(DESIGN_PATHS.sharing, { alias }), { method: 'PUT', body, fallback: 'Could not change the public link' });
}

export function useSetSharing(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSharing, onSuccess: (sharing) => queryClient.setQueryData(sharingQueryOptions(alias).queryKey, sharing) });
}
