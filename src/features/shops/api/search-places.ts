import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SHOP_PATHS } from '@contract/shops/paths';
import type { Place } from '@contract/shops/schemas';
import { api } from '@/api/client';

type PlaceSearch = { q: string } | { latitude: number; longitude: number };

/** GET /v1/places: the server's offline gazetteer, by name or nearest to a position. */
export function searchPlaces(search: PlaceSearch, signal?: AbortSignal): Promise<Place[]> {
  return api<Place[]>(SHOP_PATHS.places, { query: { ...search, limit: 'q' in search ? 8 : 1 }, fallback: 'Could not search places', signal });
}

export function placesQueryOptions(search: PlaceSearch) {
  return queryOptions({
    queryKey: ['places', search],
    queryFn: ({ signal }) => searchPlaces(search, signal),
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
}
