import { queryOptions } from '@tanstack/react-query';
import { CATALOG_PATHS } from '@contract/catalog/paths';
import type { Currency } from '@contract/shops/schemas';
import { api } from '@/api/client';

/** GET /v1/currencies?country: every currency, the country's own first. */
function getCurrencies(country: string | undefined, signal?: AbortSignal): Promise<Currency[]> {
  return api<Currency[]>(CATALOG_PATHS.currencies, { query: { country }, fallback: 'Could not load the currencies', signal });
}

export function currenciesQueryOptions(country: string | undefined) {
  return queryOptions({
    queryKey: ['currencies', country ?? ''],
    queryFn: ({ signal }) => getCurrencies(country, signal),
    staleTime: 24 * 60 * 60_000,
    meta: { public: true },
  });
}
