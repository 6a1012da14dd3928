import { queryOptions } from '@tanstack/react-query';
import { CATALOG_PATHS } from '@contract/catalog/paths';
import type { Slide } from '@contract/catalog/schemas';
import { api } from '@/api/client';
import { settle, slidesOrFallback } from '../fallbacks';

/** GET /v1/slideshows/?superCategoryIds: the sample slides of the shop's trades. */
export function getSlideshows(superCategoryIds: readonly number[], signal?: AbortSignal): Promise<Slide[]> {
  return api<Slide[]>(CATALOG_PATHS.slideshows, { query: { superCategoryIds: superCategoryIds.join(',') || undefined }, fallback: 'Could not load the slides', signal });
}

/** Never fails (spec section 8): a failed load becomes generated slides. */
export function slideshowsQueryOptions(superCategoryIds: readonly number[]) {
  const ids = [...superCategoryIds].sort((a, b) => a - b);
  return queryOptions({
    queryKey: ['slideshows', ids],
    queryFn: async ({ signal }) => slidesOrFallback(await settle(getSlideshows(ids, signal)), ids),
    staleTime: 30 * 60_000,
    meta: { public: true },
  });
}
