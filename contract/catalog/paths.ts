/** Catalogue calls (spec section 7), relative to API_PREFIX. Zod-free. */
import { PLAN_PATHS } from '../plans/paths';

export const CATALOG_PATHS = {
  superCategories: '/super-categories',
  categoryBackgrounds: '/category-backgrounds',
  /** The 46 splash and login screen backgrounds (Creation `backgroundImages`). */
  backgroundImages: '/background-images',
  allProductCategories: '/productcategories',
  superCategoryProductCategories: '/super-categories/:id/product-categories',
  slideshows: '/slideshows/',
  sampleMeasurements: '/sample/super-categories/sample-measurements',
  productCategories: '/product-categories',
  /** The currency table (GET, `?country` puts that country's currency first). */
  currencies: '/currencies',
} as const;

/**
 * The public catalogue reads (and the plans): the same answer for every visitor, changed only by a seed or an
 * edit (the service worker keeps a copy of each for offline use).
 */
export const PUBLIC_CATALOG_PATHS: readonly string[] = [
  PLAN_PATHS.plans,
  CATALOG_PATHS.superCategories,
  CATALOG_PATHS.categoryBackgrounds,
  CATALOG_PATHS.backgroundImages,
  CATALOG_PATHS.allProductCategories,
  CATALOG_PATHS.slideshows,
  CATALOG_PATHS.sampleMeasurements,
  CATALOG_PATHS.productCategories,
  CATALOG_PATHS.currencies,
];
