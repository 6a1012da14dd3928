import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import type { Sharing } from '@contract/design/sharing';
import { DESIGN_PATHS } from '@contract/design/paths';
import { api } from '@/api/client';
import { sharingQueryOptions } from './get-sharing';

/** POST /v1/shops/{alias}/sharing/preview-key: a new preview key; phones holding the old one lose the design. */
export function rotatePreviewKey(alias: string): Promise<Sharing> {
  return api<Sharing>(fillPath(DESIGN_PATHS.previewKey, { alias }), { method: 'POST', fallback: 'Could not make a new preview key' });
}

export function useRotatePreviewKey(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotatePreviewKey(alias),
    onSuccess: (sharing) => queryClient.setQueryData(sharingQueryOptions(alias).queryKey, sharing),
  });
}
