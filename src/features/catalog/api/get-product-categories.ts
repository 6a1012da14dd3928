import { queryOptions } from '@tanstack/react-query';
import { CATALOG_PATHS } from '@contract/catalog/paths';
import type { ProductCategory } from '@contract/catalog/schemas';
import { api } from '@/api/client';

/** GET /v1/productcategories: every category, each with its super-category and pictures. */
function getProductCategories(signal?: AbortSignal): Promise<ProductCategory[]> {
  return api<ProductCategory[]>(CATALOG_PATHS.allProductCategories, { fallback: 'Could not load the categories', signal });
}

export function productCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['product-categories'],
    queryFn: ({ signal }) => getProductCategories(signal),
    staleTime: 30 * 60_000,
    meta: { public: true },
  });
}
