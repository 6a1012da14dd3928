/**
 * The preview's three sample calls answered in the browser from the seed data
 * (server/src/db/sample-catalogue), with the contract's paths and shapes, in a fixed order.
 * Only for what needs it: the screenshot set (the server shuffles sample products, pictures are
 * compared pixel by pixel) and a failing catalogue (`fail`). The journeys use the real server.
 */
import type { Page, Route } from '@playwright/test';
import { API_PREFIX } from '@contract/api';
import { CATALOG_PATHS } from '@contract/catalog/paths';
import type { ProductCategory, SampleProduct, Slide } from '@contract/catalog/schemas';
import { readFileSync } from 'node:fs';
import { SAMPLE_CATALOGUE } from '../server/src/db/sample-catalogue/data';

// Read as a file: Playwright's module loader refuses a JSON import without an import attribute.
const IMAGES = JSON.parse(readFileSync(new URL('../server/src/db/sample-catalogue/images.json', import.meta.url), 'utf8')) as Record<string, string>;
const url = (key: string) => IMAGES[key] ?? '';

/** The seed catalogue with picture URLs in place of its image keys (as server/src/db/sample-catalogue/with-urls.ts does). */
const SAMPLE_CATALOGUE_WITH_URLS = SAMPLE_CATALOGUE.map((superCategory) => ({
  ...superCategory,
  categories: superCategory.categories.map((category) => ({ ...category, icon: url(category.icon), imageList: category.imageList.map(url) })),
  products: superCategory.products.map((product) => ({ ...product, image: url(product.image) })),
  slides: superCategory.slides.map((slide) => ({ ...slide, image: url(slide.image) })),
}));

const ids = (value: string | null) => (value ? value.split(',').map(Number).filter(Number.isInteger) : []);

export function sampleProducts(superCategoryIds: number[], limit = 40): SampleProduct[] {
  return SAMPLE_CATALOGUE_WITH_URLS.filter((superCategory) => superCategoryIds.includes(superCategory.id))
    .flatMap((superCategory) => superCategory.products.map((product) => ({ ...product, superCategoryId: superCategory.id, sizes: product.sizes ?? [] })))
    .slice(0, limit);
}

export function sampleCategories(categoryIds: number[], superCategoryIds: number[] = []): ProductCategory[] {
  const all: ProductCategory[] = SAMPLE_CATALOGUE_WITH_URLS.flatMap((superCategory) =>
    superCategory.categories.map((category) => ({ ...category, superCategoryId: superCategory.id })),
  );
  if (categoryIds.length === 0 && superCategoryIds.length > 0) return all.filter((category) => superCategoryIds.includes(category.superCategoryId));
  if (categoryIds.length === 0) return all.slice(0, 50);
  return categoryIds.map((id) => all.find((category) => category.id === id)).filter((category): category is ProductCategory => category !== undefined);
}

export function sampleSlides(superCategoryIds: number[]): Slide[] {
  return SAMPLE_CATALOGUE_WITH_URLS.filter((superCategory) => superCategoryIds.includes(superCategory.id)).flatMap((superCategory) => superCategory.slides);
}

/** Every picture of one sample super-category's products, categories and slides (as the server answers them). */
export function catalogueImagesOf(superCategoryId: number): Set<string> {
  const superCategory = SAMPLE_CATALOGUE_WITH_URLS.find((candidate) => candidate.id === superCategoryId);
  if (!superCategory) return new Set();
  return new Set([
    ...superCategory.products.map((product) => product.image),
    ...superCategory.categories.flatMap((category) => [category.icon, ...category.imageList]),
    ...superCategory.slides.map((slide) => slide.image),
  ]);
}

const answer = (route: Route, data: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ message: 'OK', data }) });

/** Serves the three sample calls of the phone preview; `fail` makes them answer 500 instead. */
export async function serveSampleCatalogue(page: Page, options: { fail?: boolean } = {}): Promise<void> {
  const handle = (read: (url: URL) => unknown) => async (route: Route) => {
    if (options.fail) return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'down' }) });
    return answer(route, read(new URL(route.request().url())));
  };
  await page.route(
    (url) => url.pathname === `${API_PREFIX}${CATALOG_PATHS.sampleMeasurements}`,
    handle((url) => sampleProducts(ids(url.searchParams.get('superCategoryIds')), Number(url.searchParams.get('limit') ?? 40))),
  );
  await page.route(
    (url) => url.pathname === `${API_PREFIX}${CATALOG_PATHS.productCategories}`,
    handle((url) => sampleCategories(ids(url.searchParams.get('categoryIds')), ids(url.searchParams.get('superCategoryIds')))),
  );
  await page.route(
    (url) => url.pathname === `${API_PREFIX}${CATALOG_PATHS.slideshows}`,
    handle((url) => sampleSlides(ids(url.searchParams.get('superCategoryIds')))),
  );
}
