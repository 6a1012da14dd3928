/**
 * The phone preview's sample data (spec sections 3, 7, 8 and 9) for the design's selection (the
 * shop's: see sample.ts interestIds): products by super-category (limit 40), categories by id (or
 * those of the super-categories), slides by super-category; reused while the cache holds enough
 * of the same selection, with the spec's fallbacks when a call fails.
 */
import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCategory, SampleProduct } from '@contract/catalog/schemas';
import { fallbackSlides, isReusable, interestIds, type SampleData } from '../sample';
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

/**
 * The sample cache reuse rule (spec section 9): a list loaded for this selection stands while it
 * holds enough; a shorter one (a failed call's fallback, say) is asked for again when a preview
 * opens. A list of another selection never stands in: the phone shows the merchant's own trade.
 */
const reuse = (kind: Kind) => (query: { state: { data?: readonly unknown[] | undefined } }) =>
  isReusable(kind, query.state.data?.length ?? 0) ? Number.POSITIVE_INFINITY : 0;

/** A list asked for again keeps its order when the same items come back (the server shuffles products): the phone does not jump. */
function sameItemsKept(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next) || previous.length !== next.length) return next;
  const ids = new Set(previous.map((item: { id?: unknown }) => item.id));
  return next.every((item: { id?: unknown }) => ids.has(item.id)) ? previous : next;
}

function sampleProductsQueryOptions(superCategoryIds: readonly number[]) {
  return queryOptions({
    queryKey: [SAMPLE_KEY, 'products', superCategoryIds.join(',')],
    // Spec section 8 names no fallback for products: the preview shows its empty states.
    queryFn: ({ signal }) => getSampleProducts(superCategoryIds, signal).catch(logged<SampleProduct>([])),
    staleTime: reuse('products'),
    structuralSharing: sameItemsKept,
    meta: { public: true },
  });
}

function sampleCategoriesQueryOptions(ids: { categoryIds: readonly number[]; superCategoryIds: readonly number[] }) {
  return queryOptions({
    queryKey: [SAMPLE_KEY, 'categories', ids.categoryIds.join(','), ids.superCategoryIds.join(',')],
    // A failing sample category load is only logged (spec section 8).
    queryFn: ({ signal }) => getSampleCategories(ids, signal).catch(logged<ProductCategory>([])),
    staleTime: reuse('categories'),
    structuralSharing: sameItemsKept,
    meta: { public: true },
  });
}

function sampleSlidesQueryOptions(superCategoryIds: readonly number[], categories: readonly ProductCategory[]) {
  return queryOptions({
    queryKey: [SAMPLE_KEY, 'slides', superCategoryIds.join(',')],
    // Failing slides fall back to local ones for the categories of interest, or four random of eleven (spec section 8).
    queryFn: ({ signal }) => getSampleSlides(superCategoryIds, signal).catch(logged(fallbackSlides(categories))),
    staleTime: reuse('slides'),
    structuralSharing: sameItemsKept,
    meta: { public: true },
  });
}

/** The sample data of a design's selection: undefined until the first answers are in. */
export function useSampleData(interests: { superCategoriesOfInterest: number[]; categoriesOfInterest: number[] }, enabled = true): SampleData | undefined {
  const ids = interestIds(interests);
  const products = useQuery({ ...sampleProductsQueryOptions(ids.superCategoryIds), enabled });
  const categories = useQuery({ ...sampleCategoriesQueryOptions(ids), enabled });
  const slides = useQuery({ ...sampleSlidesQueryOptions(ids.superCategoryIds, categories.data ?? []), enabled: enabled && categories.data !== undefined });
  // The same object while the lists stay: memoised parts of the phone skip a design change.
  return useMemo(
    () => (products.data && categories.data && slides.data ? { products: products.data, categories: categories.data, slides: slides.data } : undefined),
    [products.data, categories.data, slides.data],
  );
}
