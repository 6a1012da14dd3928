import { queryOptions } from '@tanstack/react-query';
import type { SuperCategory } from '@contract/catalog/schemas';
import { api } from '@/api/client';
import { CATALOG_PATHS } from '@contract/catalog/paths';

/** GET /v1/super-categories (spec section 7): the business kinds a shop can pick. */
function getSuperCategories(signal?: AbortSignal): Promise<SuperCategory[]> {
  return api<SuperCategory[]>(CATALOG_PATHS.superCategories, { fallback: 'Could not load the categories', signal });
}

export function superCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['super-categories'],
    queryFn: ({ signal }) => getSuperCategories(signal),
    staleTime: 30 * 60_000,
    meta: { public: true },
  });
}
