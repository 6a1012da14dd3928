import type { SampleProduct } from '@contract/catalog/schemas';
import { CATALOG_PATHS } from '@contract/catalog/paths';
import { CONSTANTS } from '@contract/constants';
import { api } from '@/api/client';

/** GET /v1/sample/super-categories/sample-measurements?superCategoryIds&limit=40 (spec sections 7 and 9): the preview's sample products. */
export function getSampleProducts(superCategoryIds: readonly number[], signal?: AbortSignal): Promise<SampleProduct[]> {
  return api<SampleProduct[]>(CATALOG_PATHS.sampleMeasurements, {
    query: { superCategoryIds: superCategoryIds.join(','), limit: CONSTANTS.sampleProductsFetchLimit },
    fallback: 'Could not load the sample products',
    signal,
  });
}
