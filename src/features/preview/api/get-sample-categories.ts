import type { ProductCategory } from '@contract/catalog/schemas';
import { CATALOG_PATHS } from '@contract/catalog/paths';
import { CONSTANTS } from '@contract/constants';
import { api } from '@/api/client';

/**
 * GET /v1/product-categories?categoryIds&superCategoryIds&limit (spec section 7): the categories of
 * interest for the preview; with none chosen, those of the chosen super-categories.
 */
export function getSampleCategories(
  ids: { categoryIds: readonly number[]; superCategoryIds: readonly number[] },
  signal?: AbortSignal,
): Promise<ProductCategory[]> {
  return api<ProductCategory[]>(CATALOG_PATHS.productCategories, {
    query: {
      categoryIds: ids.categoryIds.length > 0 ? ids.categoryIds.join(',') : undefined,
      superCategoryIds: ids.categoryIds.length === 0 && ids.superCategoryIds.length > 0 ? ids.superCategoryIds.join(',') : undefined,
      limit: CONSTANTS.defaultListLimit,
    },
    fallback: 'Could not load the sample categories',
    signal,
  });
}
