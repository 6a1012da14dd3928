import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { designPath } from '@contract/design/realtime';
import { collaboratorsQueryOptions } from '@/features/collaborators/api/get-collaborators';
import { designVersionsQueryOptions } from '@/features/collaborators/api/get-design-versions';
import { invitesQueryOptions } from '@/features/collaborators/api/get-invites';
import { mergePlanQueryOptions } from '@/features/collaborators/api/get-merge-plan';
import { publicShopQueryOptions } from '@/features/collaborators/api/get-public-shop';
import { sharingQueryOptions } from '@/features/collaborators/api/get-sharing';
import { shopAccessQueryOptions } from '@/features/collaborators/api/get-shop-access';
import { versionHistoryQueryOptions } from '@/features/collaborators/api/get-version-history';
import { useDeleteShop } from '@/features/shops/api/delete-shop';
import { adminShopQueryOptions } from '@/features/shops/api/get-admin-shop';
import { forgetShop } from '@/lib/shop-keys';
import { rememberValue } from '@/realtime/last-known';

/** Everything the portal caches about one shop: each query a page of it reads, and its design's last value. */
function cacheShop(queryClient: QueryClient, alias: string) {
  const keys: QueryKey[] = [
    adminShopQueryOptions(alias).queryKey,
    shopAccessQueryOptions(alias).queryKey,
    collaboratorsQueryOptions(alias).queryKey,
    invitesQueryOptions(alias).queryKey,
    sharingQueryOptions(alias).queryKey,
    publicShopQueryOptions(alias).queryKey,
    designVersionsQueryOptions(alias).queryKey,
    versionHistoryQueryOptions(alias, 0).queryKey,
    mergePlanQueryOptions(alias, 1).queryKey,
  ];
  for (const key of keys) queryClient.setQueryData(key, { alias });
  rememberValue(queryClient, designPath(alias, 0), { shop: { name: alias } }, 3);
}

const cachedAbout = (queryClient: QueryClient, alias: string) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => JSON.stringify(query.queryKey).includes(alias));

describe('a shop the device no longer has', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('deleting it drops every query of that shop, and no other shop’s', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'ok', data: null }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    cacheShop(queryClient, 'ada-fabrics');
    cacheShop(queryClient, 'bolu-bakes');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useDeleteShop(), { wrapper });
    await act(() => result.current.mutateAsync('ada-fabrics'));
    expect(cachedAbout(queryClient, 'ada-fabrics').map((query) => query.queryKey)).toEqual([]);
    expect(cachedAbout(queryClient, 'bolu-bakes')).toHaveLength(10);
  });

  it('leaving it (forgetShop) drops every query of that shop, and no other shop’s', () => {
    const queryClient = new QueryClient();
    cacheShop(queryClient, 'ada-fabrics');
    cacheShop(queryClient, 'bolu-bakes');
    forgetShop(queryClient, 'ada-fabrics');
    expect(cachedAbout(queryClient, 'ada-fabrics').map((query) => query.queryKey)).toEqual([]);
    expect(cachedAbout(queryClient, 'bolu-bakes')).toHaveLength(10);
  });
});
