/**
 * Catalogue reads (spec section 7): super-categories from the database, the sample
 * catalogue (categories, slides, category backgrounds, sample products) from the seeded data
 * in server/src/db/sample-catalogue with its pictures' URLs.
 */
import { asc } from 'drizzle-orm';
import type { CategoryBackground, ProductCategory, SampleProduct, Slide, SuperCategory } from '@contract/catalog/schemas';
import type { Database } from '../../db/database';
import { SAMPLE_CATALOGUE_WITH_URLS } from '../../db/sample-catalogue/with-urls';
import { superCategories } from '../../db/schema';

const SAMPLE_BY_ID = new Map(SAMPLE_CATALOGUE_WITH_URLS.map((superCategory) => [superCategory.id as number, superCategory]));

/** A super-category's picture: its first category background (empty for one without samples). */
function pictureOf(superCategoryId: number): string {
  const sample = SAMPLE_BY_ID.get(superCategoryId);
  return sample?.categoryBackgrounds[0]?.image ?? sample?.slides[0]?.image ?? '';
}

export async function listSuperCategories(db: Database): Promise<SuperCategory[]> {
  const rows = await db.select({ id: superCategories.id, name: superCategories.name }).from(superCategories).orderBy(asc(superCategories.id));
  return rows.map((row) => ({ ...row, image: pictureOf(row.id) }));
}

export async function superCategoryExists(db: Database, id: number): Promise<boolean> {
  return (await listSuperCategories(db)).some((row) => row.id === id);
}

/** The sample super-categories named by `ids`, all of them when `ids` is empty. */
function samplesOf(ids: readonly number[]) {
  return ids.length === 0 ? SAMPLE_CATALOGUE_WITH_URLS : SAMPLE_CATALOGUE_WITH_URLS.filter((sample) => ids.includes(sample.id));
}

export const ALL_PRODUCT_CATEGORIES: readonly ProductCategory[] = SAMPLE_CATALOGUE_WITH_URLS.flatMap((sample) =>
  sample.categories.map((category) => ({ ...category, superCategoryId: sample.id })),
);

/** Categories by id; with none named, those of the super-categories; with neither, all. In id order. */
export function productCategoriesByIds(ids: readonly number[], superCategoryIds: readonly number[] = []): ProductCategory[] {
  if (ids.length > 0) return ALL_PRODUCT_CATEGORIES.filter((category) => ids.includes(category.id));
  if (superCategoryIds.length > 0) return ALL_PRODUCT_CATEGORIES.filter((category) => superCategoryIds.includes(category.superCategoryId));
  return [...ALL_PRODUCT_CATEGORIES];
}

export function productCategoriesOf(superCategoryId: number): ProductCategory[] {
  return ALL_PRODUCT_CATEGORIES.filter((category) => category.superCategoryId === superCategoryId);
}

export function categoryBackgrounds(superCategoryIds: readonly number[]): CategoryBackground[] {
  return samplesOf(superCategoryIds).flatMap((sample) => sample.categoryBackgrounds);
}

export function slideshows(superCategoryIds: readonly number[]): Slide[] {
  return samplesOf(superCategoryIds).flatMap((sample) => sample.slides);
}

/**
 * The sample products of the named super-categories, taken in turn from each (so a short page
 * still shows every trade); the route shuffles each page.
 */
export function sampleMeasurements(superCategoryIds: readonly number[]): SampleProduct[] {
  const lists: SampleProduct[][] = samplesOf(superCategoryIds).map((sample) =>
    sample.products.map((product) => ({ ...product, superCategoryId: sample.id, sizes: product.sizes ?? [] })),
  );
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const mixed: SampleProduct[] = [];
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) {
      const product = list[index];
      if (product) mixed.push(product);
    }
  }
  return mixed;
}
