import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOG_PATHS } from '@contract/catalog/paths';
import type { BackgroundImage } from '@contract/catalog/schemas';
import { api } from '@/api/client';

/** GET /v1/background-images: the 46 splash and login screen backgrounds the editor offers. */
function getBackgroundImages(signal?: AbortSignal): Promise<BackgroundImage[]> {
  return api<BackgroundImage[]>(CATALOG_PATHS.backgroundImages, { fallback: 'Could not load the background images', signal });
}

function backgroundImagesQueryOptions() {
  return queryOptions({
    queryKey: ['background-images'],
    queryFn: ({ signal }) => getBackgroundImages(signal),
    staleTime: 30 * 60_000,
    meta: { public: true },
  });
}

export function useBackgroundImages() {
  return useQuery(backgroundImagesQueryOptions());
}
