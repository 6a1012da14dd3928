import type { ProductCategory } from '@contract/catalog/schemas';
import { CATALOG_PATHS } from '@contract/catalog/paths';
import { CONSTANTS } from '@contract/constants';
import { api } from '@/api/client';

/** GET /v1/product-categories?categoryIds&limit (spec section 7): the categories of interest, for the preview. */
export function getSampleCategories(categoryIds: readonly number[], signal?: AbortSignal): Promise<ProductCategory[]> {
  return api<ProductCategory[]>(CATALOG_PATHS.productCategories, {
    query: { categoryIds: categoryIds.length > 0 ? categoryIds.join(',') : undefined, limit: CONSTANTS.defaultListLimit },
    fallback: 'Could not load the sample categories',
    signal,
  });
}
