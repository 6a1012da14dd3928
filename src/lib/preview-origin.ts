/**
 * GET /v1/realtime/preview-origin: the one origin of the links a phone or another person opens
 * (the live preview's QR code, the public page), so a merchant who opened the portal as localhost
 * still shares addresses that work elsewhere.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REALTIME_PATHS } from '@contract/design/realtime';
import type { PreviewOrigin } from '@contract/design/realtime-schemas';
import { api } from '@/api/client';

function getPreviewOrigin(): Promise<PreviewOrigin> {
  return api<PreviewOrigin>(REALTIME_PATHS.previewOrigin);
}

export const previewOriginQueryOptions = () => queryOptions({ queryKey: ['realtime', 'preview-origin'], queryFn: getPreviewOrigin, staleTime: Infinity });

/** The origin for shared links; the page's own until the server answered (or when it cannot). */
export function usePreviewOrigin(): PreviewOrigin {
  const { data } = useQuery(previewOriginQueryOptions());
  return data ?? { origin: window.location.origin, sameNetwork: true };
}

/** `url` (a path or a URL of this portal) on `origin`. */
export function onOrigin(url: string, origin: string): string {
  const { pathname, search, hash } = new URL(url, origin);
  return `${origin.replace(/\/+$/, '')}${pathname}${search}${hash}`;
}
