/**
 * Shapes of the sample catalogue (spec section 3, "Sample and preview data"). In data.ts every
 * picture is a logical image key such as 'products/aurora-wireless-earbuds'; images.json,
 * written by scripts/make-sample-catalogue.ts, maps each key to its hashed /catalogue/... URL,
 * and index.ts gives the same shapes with those URLs in place of the keys.
 */

/** 'products/…', 'categories/…', 'slides/…', 'backgrounds/…' or 'category-backgrounds/…'. */
export type ImageKey = string;

type SampleSuperCategoryId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;

interface SampleReview {
  id: number;
  /** First name and initial, e.g. 'Amara K.'. */
  person: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** 1 to 5 (ratings are out of 5 stars). */
  stars: number;
  description: string;
}

interface SampleCategory {
  id: number;
  name: string;
  icon: ImageKey;
  imageList: ImageKey[];
}

export interface SampleProduct {
  id: number;
  /** Id of one of the same super-category's categories. */
  categoryId: number;
  name: string;
  title: string;
  /** At most 60 characters. */
  short_description: string;
  description: string;
  image: ImageKey;
  /** Always the sample price (200). */
  price: number;
  /** The struck-through price, display only (price + 70 or + 50). */
  maxPrice: number;
  /** Always the sample quantity (1). */
  quantity: number;
  sizes?: string[];
  reviews: SampleReview[];
}

interface SampleSlide {
  id: number;
  superCategoryId: SampleSuperCategoryId;
  image: ImageKey;
  title: string;
  subtitle: string;
}

interface SampleCategoryBackground {
  id: number;
  superCategoryId: SampleSuperCategoryId;
  image: ImageKey;
}

export interface SampleSuperCategory {
  id: SampleSuperCategoryId;
  /** The spec's name (contract/constants.ts SAMPLE_SUPER_CATEGORIES). */
  name: string;
  /** Kebab-case form of the name, used in image keys. */
  slug: string;
  categories: SampleCategory[];
  products: SampleProduct[];
  slides: SampleSlide[];
  categoryBackgrounds: SampleCategoryBackground[];
}

/** A splash or login screen background (Creation `backgroundImages`). */
export interface SampleBackgroundImage {
  id: number;
  /** Kebab-case '<palette>-<pattern>', unique. */
  name: string;
  image: ImageKey;
}
