import type { Slide } from '@contract/catalog/schemas';
import { CATALOG_PATHS } from '@contract/catalog/paths';
import { api } from '@/api/client';

/** GET /v1/slideshows/?superCategoryIds (spec section 7): the preview's slideshow. */
export function getSampleSlides(superCategoryIds: readonly number[], signal?: AbortSignal): Promise<Slide[]> {
  return api<Slide[]>(CATALOG_PATHS.slideshows, { query: { superCategoryIds: superCategoryIds.join(',') }, fallback: 'Could not load the slides', signal });
}
