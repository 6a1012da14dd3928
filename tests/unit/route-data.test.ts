import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import { createQueryClient } from '@/app/query-client';
import { ensureInfiniteRouteData } from '@/lib/infinite-route-data';
import { NOT_ON_THIS_DEVICE, NotOnThisDevice, ensureRouteData } from '@/lib/route-data';

const offline = () => Promise.reject(new ApiError('You appear to be offline. Check your connection and try again.', 0));

afterEach(() => onlineManager.setOnline(true));

describe("a private page's data (ensureRouteData)", () => {
  it("serves this device's copy, however old, without asking the server", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['shops', 'ada'], { name: 'Ada Fabrics' }, { updatedAt: 0 });
    const queryFn = vi.fn(offline);
    onlineManager.setOnline(false);
    await expect(ensureRouteData(queryClient, { queryKey: ['shops', 'ada'], queryFn })).resolves.toEqual({ name: 'Ada Fabrics' });
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('offline with nothing on this device: one try, then says so at once (no wait for the network)', async () => {
    const queryClient = createQueryClient();
    onlineManager.setOnline(false);
    const queryFn = vi.fn(offline);
    const load = ensureRouteData(queryClient, { queryKey: ['shops', 'ngozi'], queryFn });
    await expect(load).rejects.toBeInstanceOf(NotOnThisDevice);
    await expect(load).rejects.toThrow(NOT_ON_THIS_DEVICE);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('offline, an answer the service worker keeps is served', async () => {
    const queryClient = createQueryClient();
    onlineManager.setOnline(false);
    await expect(ensureRouteData(queryClient, { queryKey: ['super-categories'], queryFn: () => Promise.resolve([{ id: 1 }]) })).resolves.toEqual([{ id: 1 }]);
  });

  it('fresh: asks the server even with a copy, and falls back to the copy when no answer comes', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['user', 'me'], { firstName: 'Ada' });
    await expect(
      ensureRouteData(queryClient, { queryKey: ['user', 'me'], queryFn: () => Promise.resolve({ firstName: 'Zainab' }) }, { fresh: true }),
    ).resolves.toEqual({ firstName: 'Zainab' });
    onlineManager.setOnline(false);
    await expect(ensureRouteData(queryClient, { queryKey: ['user', 'me'], queryFn: offline, retry: false }, { fresh: true })).resolves.toEqual({
      firstName: 'Zainab',
    });
  });

  it('an answered failure is the page’s error, offline or not', async () => {
    const queryClient = createQueryClient();
    const gone = () => Promise.reject(new ApiError('Shop not found', 404));
    await expect(ensureRouteData(queryClient, { queryKey: ['shops', 'gone'], queryFn: gone })).rejects.toThrow('Shop not found');
    onlineManager.setOnline(false);
    await expect(ensureRouteData(queryClient, { queryKey: ['shops', 'gone-too'], queryFn: gone })).rejects.toThrow('Shop not found');
  });

  it('online without an answer keeps the offline message (the server may be down)', async () => {
    const queryClient = createQueryClient();
    await expect(ensureRouteData(queryClient, { queryKey: ['shops', 'down'], queryFn: offline, retry: false })).rejects.toThrow('You appear to be offline');
  });
});

describe('a list shown page by page (ensureInfiniteRouteData)', () => {
  const list = (queryFn: (context: { pageParam: number }) => Promise<{ items: string[]; total: number }>) => ({
    queryKey: ['payments', 'transactions'],
    queryFn,
    initialPageParam: 0,
    getNextPageParam: (_last: { items: string[]; total: number }, _pages: unknown, lastPage: number) => (lastPage < 2 ? lastPage + 1 : undefined),
  });
  const pageOf = ({ pageParam }: { pageParam: number }) => Promise.resolve({ items: [`row ${pageParam}`], total: 3 });

  it('loads the first page only; fresh, it asks again for the first page and drops the pages Show more added', async () => {
    const queryClient = createQueryClient();
    const queryFn = vi.fn(pageOf);
    await expect(ensureInfiniteRouteData(queryClient, list(queryFn))).resolves.toMatchObject({ pages: [{ items: ['row 0'] }], pageParams: [0] });
    await queryClient.infiniteQuery({ ...list(queryFn), pages: 3, staleTime: 0 });
    expect(queryClient.getQueryData<{ pages: unknown[] }>(['payments', 'transactions'])?.pages).toHaveLength(3);
    queryFn.mockClear();
    await expect(ensureInfiniteRouteData(queryClient, list(queryFn), { fresh: true })).resolves.toMatchObject({ pages: [{ items: ['row 0'] }] });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("serves this device's pages without asking, and falls back to them when a fresh load gets no answer", async () => {
    const queryClient = createQueryClient();
    await ensureInfiniteRouteData(queryClient, list(pageOf));
    const unanswered = vi.fn(offline);
    await expect(ensureInfiniteRouteData(queryClient, list(unanswered))).resolves.toMatchObject({ pages: [{ items: ['row 0'] }] });
    expect(unanswered).not.toHaveBeenCalled();
    onlineManager.setOnline(false);
    await expect(ensureInfiniteRouteData(queryClient, list(unanswered), { fresh: true })).resolves.toMatchObject({ pages: [{ items: ['row 0'] }] });
    expect(unanswered).toHaveBeenCalledTimes(1);
  });

  it('offline with nothing on this device says so; an answered failure is the page’s error', async () => {
    onlineManager.setOnline(false);
    await expect(ensureInfiniteRouteData(createQueryClient(), list(offline), { fresh: true })).rejects.toBeInstanceOf(NotOnThisDevice);
    onlineManager.setOnline(true);
    const refused = () => Promise.reject(new ApiError('Query parameter page must be at least 0', 400));
    await expect(ensureInfiniteRouteData(createQueryClient(), list(refused))).rejects.toThrow('Query parameter page must be at least 0');
  });
});
