import { queryOptions, useQuery } from '@tanstack/react-query';
import { REALTIME_PATHS } from '@contract/realtime/paths';
import { api } from '@/api/client';

/** GET /v1/realtime/preview-origin: where a phone reaches this portal (for previewUrl()). */
export function getPreviewOrigin(): Promise<string> {
  return api<{ origin: string }>(REALTIME_PATHS.previewOrigin).then(({ origin }) => origin);
}

export const previewOriginQueryOptions = () => queryOptions({ queryKey: ['realtime', 'preview-origin'], queryFn: getPreviewOrigin, staleTime: Infinity });

/** The origin for QR codes; the page's own origin until the server answered (or when it cannot). */
export function usePreviewOrigin(): string {
  return useQuery(previewOriginQueryOptions()).data ?? window.location.origin;
}
