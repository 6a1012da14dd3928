/** Issue 27: the preview's sample content follows the shop's selection (its copy in the design). */
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductCategory, SampleProduct, Slide } from '@contract/catalog/schemas';
import { useSampleData } from '@/features/preview/api/get-sample-data';
import { interestIds } from '@/features/preview/sample';

const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

const product = (id: number, superCategoryId: number): SampleProduct => ({
  id,
  superCategoryId,
  categoryId: superCategoryId * 100 + 1,
  name: `Product ${id}`,
  title: `Product ${id}`,
  short_description: '',
  description: '',
  image: `/p${id}.webp`,
  price: 200,
  maxPrice: 270,
  quantity: 1,
  sizes: [],
  reviews: [],
});
const category = (id: number): ProductCategory => ({ id, superCategoryId: Math.floor(id / 100), name: `Category ${id}`, icon: '/i.webp', imageList: [] });
const slide = (id: number, superCategoryId: number): Slide => ({ id, superCategoryId, image: `/s${id}.webp`, title: `Slide ${id}`, subtitle: '' });

const ids = (url: URL, name: string) => (url.searchParams.get(name) ?? '').split(',').filter(Boolean).map(Number);

/** The three sample calls, answered from a tiny catalogue: 12 products and 4 slides a trade, 6 categories each. */
function catalogue(input: RequestInfo | URL): Response {
  const url = new URL(String(input), 'http://portal.test');
  const answer = (data: unknown) => new Response(JSON.stringify({ message: 'OK', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  if (url.pathname.endsWith('/sample/super-categories/sample-measurements'))
    return answer(ids(url, 'superCategoryIds').flatMap((s) => Array.from({ length: 12 }, (_, i) => product(s * 1000 + i, s))));
  if (url.pathname.endsWith('/product-categories')) {
    const named = ids(url, 'categoryIds');
    return answer(
      named.length > 0 ? named.map(category) : ids(url, 'superCategoryIds').flatMap((s) => Array.from({ length: 6 }, (_, i) => category(s * 100 + i + 1))),
    );
  }
  if (url.pathname.endsWith('/slideshows/')) return answer(ids(url, 'superCategoryIds').flatMap((s) => [1, 2, 3, 4].map((i) => slide(s * 10 + i, s))));
  return new Response('{}', { status: 404 });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockImplementation((input) => Promise.resolve(catalogue(input)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function wrapperOf(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

describe('the selection decides the sample data', () => {
  it('asks for the chosen trades and categories; every trade only when nothing is chosen', () => {
    expect(interestIds({ superCategoriesOfInterest: [2], categoriesOfInterest: [201] })).toEqual({ superCategoryIds: [2], categoryIds: [201] });
    // A trade without a chosen category: its own categories (the server answers them for superCategoryIds).
    expect(interestIds({ superCategoriesOfInterest: [2], categoriesOfInterest: [] })).toEqual({ superCategoryIds: [2], categoryIds: [] });
    expect(interestIds({ superCategoriesOfInterest: [], categoriesOfInterest: [] })).toEqual({ superCategoryIds: ALL, categoryIds: [] });
  });

  it('Fashion -> Dresses shows fashion, even when another selection’s lists are already in the cache', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // What a preview of an empty selection (every trade) left in the cache: electronics first.
    const first = renderHook(() => useSampleData({ superCategoriesOfInterest: [], categoriesOfInterest: [] }), { wrapper: wrapperOf(client) });
    await waitFor(() => expect(first.result.current).toBeDefined());
    expect(first.result.current?.products.length).toBeGreaterThan(20);
    first.unmount();

    const { result } = renderHook(() => useSampleData({ superCategoriesOfInterest: [2], categoriesOfInterest: [201] }), { wrapper: wrapperOf(client) });
    await waitFor(() => expect(result.current).toBeDefined());
    expect(new Set(result.current?.products.map((item) => item.superCategoryId))).toEqual(new Set([2]));
    expect(result.current?.categories.map((item) => item.id)).toEqual([201]);
    expect(new Set(result.current?.slides.map((item) => item.superCategoryId))).toEqual(new Set([2]));
  });

  it('a short list is asked for again when a preview opens, and keeps its order when the same items come back', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const selection = { superCategoriesOfInterest: [2], categoriesOfInterest: [201] };
    const first = renderHook(() => useSampleData(selection), { wrapper: wrapperOf(client) });
    await waitFor(() => expect(first.result.current).toBeDefined());
    const order = first.result.current?.products.map((item) => item.id);
    first.unmount();

    // The server shuffles: the same 12 products, another order.
    fetchMock.mockImplementation(async (input) => {
      const answer = catalogue(input);
      if (!String(input).includes('sample-measurements')) return answer;
      const body = (await answer.json()) as { message: string; data: SampleProduct[] };
      return new Response(JSON.stringify({ ...body, data: [...body.data].reverse() }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const products = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('sample-measurements')).length;
    const again = renderHook(() => useSampleData(selection), { wrapper: wrapperOf(client) });
    await waitFor(() => expect(products()).toBe(2));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(again.result.current?.products.map((item) => item.id)).toEqual(order);
  });

  it('a trade without a chosen category shows that trade’s categories, not every category', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useSampleData({ superCategoriesOfInterest: [2], categoriesOfInterest: [] }), { wrapper: wrapperOf(client) });
    await waitFor(() => expect(result.current).toBeDefined());
    expect(result.current?.categories.map((item) => item.id)).toEqual([201, 202, 203, 204, 205, 206]);
  });
});
