/**
 * The sample content the phone shows (spec section 8): the sample calls' ids, cache reuse,
 * local fallbacks, which products each page lists, their prices, stars and sizes.
 */
import { CONSTANTS, SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import { formatMoney } from '@contract/money';
import type { ProductCategory, SampleProduct, Slide } from '@contract/catalog/schemas';

export interface SampleData {
  products: SampleProduct[];
  categories: ProductCategory[];
  slides: Slide[];
}

/**
 * The ids the sample calls ask for: the design's copy of the shop's selection (its trades, and
 * the categories chosen in them; with none chosen, the server answers those trades' categories).
 * Only an empty selection asks for every sample super-category (spec section 8's fallbacks).
 */
export function interestIds(interests: { superCategoriesOfInterest: readonly number[]; categoriesOfInterest: readonly number[] }) {
  const all = SAMPLE_SUPER_CATEGORIES.map((_, i) => i + 1);
  return {
    superCategoryIds: interests.superCategoriesOfInterest.length > 0 ? [...interests.superCategoriesOfInterest] : all,
    categoryIds: [...interests.categoriesOfInterest],
  };
}

/** Sample cache reuse (spec section 9): more than 20 products, or more than 3 slides or categories. */
export function isReusable(kind: 'products' | 'slides' | 'categories', count: number): boolean {
  return count > CONSTANTS.sampleCacheReuse[kind];
}

const title = (name: string) => name.replace(/\b\w/g, (letter) => letter.toUpperCase());

/**
 * Slides made locally when the slides call fails (spec section 8): one per category of interest,
 * or four random of the eleven sample super-categories (pictureless: drawn as gradients).
 */
export function fallbackSlides(categories: readonly ProductCategory[], random: () => number = Math.random): Slide[] {
  if (categories.length > 0) {
    return categories.map((category, i) => ({
      id: -(i + 1),
      superCategoryId: category.superCategoryId,
      image: category.imageList[0] ?? category.icon,
      title: category.name,
      subtitle: 'New arrivals are in',
    }));
  }
  const pool = SAMPLE_SUPER_CATEGORIES.map((name, i) => ({ name, id: i + 1 }));
  const picked: Array<{ name: string; id: number }> = [];
  while (picked.length < 4) picked.push(...pool.splice(Math.floor(random() * pool.length), 1));
  return picked.map((superCategory, i) => ({
    id: -(i + 1),
    superCategoryId: superCategory.id,
    image: '',
    title: title(superCategory.name),
    subtitle: 'Shop the collection',
  }));
}

/** A small seeded generator, so the same sample looks the same on every render. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` items picked at random (seeded) from `items`, repeating when there are fewer. */
function pickRandom<T>(items: readonly T[], count: number, seed = 7): T[] {
  if (items.length === 0) return [];
  const random = seededRandom(seed);
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return Array.from({ length: count }, (_, i) => pool[i % pool.length] as T);
}

export const measurementItems = (products: readonly SampleProduct[]) => pickRandom(products, CONSTANTS.measurementListSize);
export const productListItems = (products: readonly SampleProduct[], categoryId?: number) => {
  const inCategory = categoryId === undefined ? [] : products.filter((product) => product.categoryId === categoryId);
  return (inCategory.length > 0 ? inCategory : products).slice(0, CONSTANTS.productListSize);
};
export const cartItems = (products: readonly SampleProduct[]) => products.slice(0, CONSTANTS.cartPreviewSize);
export const homeCategoryItems = (categories: readonly ProductCategory[]) => categories.slice(0, CONSTANTS.homeCategoriesShown);

/** The struck-through price beside a sample price: + 70 or + 50, display only (spec section 9). */
export function struckPrice(product: Pick<SampleProduct, 'price' | 'maxPrice' | 'id'>): number {
  return product.maxPrice > product.price ? product.maxPrice : product.price + (product.id % 2 === 0 ? 70 : 50);
}

/** A sample price (major units, e.g. 200) after the shop's currency symbol: "$200.00". */
export function formatPrice(symbol: string, amount: number): string {
  return formatMoney(Math.round(amount * 100), { symbol });
}

/** The average of the review stars, 5 when there are none yet. */
export function averageStars(reviews: ReadonlyArray<{ stars: number }>): number {
  return reviews.length === 0 ? CONSTANTS.ratingStars : reviews.reduce((sum, review) => sum + review.stars, 0) / reviews.length;
}

interface SizeOption {
  id: string;
  name: string;
  isSelected: boolean;
}

/** The sizes of a product, S selected first (or the first one when there is no S). */
export function sizeOptions(names: readonly string[] | undefined, selected: string | undefined): SizeOption[] {
  const list = names && names.length > 0 ? names : ['S', 'M', 'L', 'XL'];
  const chosen = selected !== undefined && list.includes(selected) ? selected : list.includes('S') ? 'S' : list[0];
  return list.map((name) => ({ id: name, name, isSelected: name === chosen }));
}
