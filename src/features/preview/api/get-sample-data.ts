/**
 * The phone preview's sample data (spec sections 3, 7, 8 and 9): products by super-category
 * (limit 40), categories by id, slides by super-category; reused while the cache holds enough,
 * with the spec's fallbacks when a call fails.
 */
import { useMemo } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProductCategory, SampleProduct, Slide } from '@contract/catalog/schemas';
import { fallbackSlides, interestIds, isReusable, type SampleData } from '../model';
import { getSampleCategories } from './get-sample-categories';
import { getSampleProducts } from './get-sample-products';
import { getSampleSlides } from './get-sample-slides';

const SAMPLE_KEY = 'preview-sample';
type Kind = 'products' | 'categories' | 'slides';

/** A failed sample call is logged and answered with its fallback (spec section 8). */
function logged<T>(fallback: T[]): (error: unknown) => T[] {
  return (error) => {
    console.warn(error);
    return fallback;
  };
}

/** The largest list of a kind already in the cache, when the reuse rule lets it stand in. */
function reusable<T>(queryClient: QueryClient, kind: Kind): T[] | undefined {
  const lists = queryClient.getQueriesData<T[]>({ queryKey: [SAMPLE_KEY, kind] }).map(([, data]) => data ?? []);
  const largest = lists.sort((a, b) => b.length - a.length)[0];
  return largest && isReusable(kind, largest.length) ? largest : undefined;
}

export function sampleProductsQueryOptions(queryClient: QueryClient, superCategoryIds: readonly number[]) {
  return queryOptions({
    queryKey: [SAMPLE_KEY, 'products', superCategoryIds.join(',')],
    // Spec section 8 names no fallback for products: the preview shows its empty states.
    queryFn: ({ signal }) => getSampleProducts(superCategoryIds, signal).catch(logged<SampleProduct>([])),
    initialData: () => reusable<SampleProduct>(queryClient, 'products'),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { public: true },
  });
}

export function sampleCategoriesQueryOptions(queryClient: QueryClient, categoryIds: readonly number[]) {
  return queryOptions({
    queryKey: [SAMPLE_KEY, 'categories', categoryIds.join(',')],
    // A failing sample category load is only logged (spec section 8).
    queryFn: ({ signal }) => getSampleCategories(categoryIds, signal).catch(logged<ProductCategory>([])),
    initialData: () => reusable<ProductCategory>(queryClient, 'categories'),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { public: true },
  });
}

export function sampleSlidesQueryOptions(queryClient: QueryClient, superCategoryIds: readonly number[], categories: readonly ProductCategory[]) {
  return queryOptions({
    queryKey: [SAMPLE_KEY, 'slides', superCategoryIds.join(',')],
    // Failing slides fall back to local ones for the categories of interest, or four random of eleven (spec section 8).
    queryFn: ({ signal }) => getSampleSlides(superCategoryIds, signal).catch(logged(fallbackSlides(categories))),
    initialData: () => reusable<Slide>(queryClient, 'slides'),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { public: true },
  });
}

/** The sample data of a design: undefined until the first answers (or reused lists) are in. */
export function useSampleData(
  queryClient: QueryClient,
  interests: { superCategoriesOfInterest: number[]; categoriesOfInterest: number[] },
  enabled = true,
): SampleData | undefined {
  const { superCategoryIds, categoryIds } = interestIds(interests);
  const products = useQuery({ ...sampleProductsQueryOptions(queryClient, superCategoryIds), enabled });
  const categories = useQuery({ ...sampleCategoriesQueryOptions(queryClient, categoryIds), enabled });
  const slides = useQuery({ ...sampleSlidesQueryOptions(queryClient, superCategoryIds, categories.data ?? []), enabled: enabled && categories.data !== undefined });
  // The same object while the lists stay: memoised parts of the phone skip a design change.
  return useMemo(
    () => (products.data && categories.data && slides.data ? { products: products.data, categories: categories.data, slides: slides.data } : undefined),
    [products.data, categories.data, slides.data],
  );
}
