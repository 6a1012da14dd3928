/**
 * The sample catalogue a build bakes into the native project (issue 31): the same selection the
 * phone preview shows for the design (its super-categories and categories of interest, the
 * catalog module's rules), with absolute picture URLs on the public origin (the portal serves them
 * under /catalogue/...). Pure: reads the seeded data in server/src/db/sample-catalogue.
 */
import { CONSTANTS, SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import { SAMPLE_CATALOGUE_WITH_URLS } from '../../../db/sample-catalogue/with-urls';
import { ALL_PRODUCT_CATEGORIES } from '../../catalog';
import type { BuildInput } from './types';

interface SampleCatalogueCategory {
  id: number;
  name: string;
  /** Absolute URL of the category's small picture. */
  icon: string;
  /** Absolute URL of the category's large picture. */
  image: string;
}

interface SampleCatalogueReview {
  id: number;
  person: string;
  /** YYYY-MM-DD. */
  date: string;
  /** 1 to 5. */
  stars: number;
  text: string;
}

interface SampleCatalogueProduct {
  id: number;
  categoryId: number;
  name: string;
  title: string;
  shortDescription: string;
  description: string;
  /** Absolute URL. */
  image: string;
  /** Major units of the shop's currency (the sample price, 200). */
  price: number;
  /** The struck-through price beside it (display only). */
  maxPrice: number;
  sizes: string[];
  reviews: SampleCatalogueReview[];
}

interface SampleCatalogueSlide {
  id: number;
  title: string;
  subtitle: string;
  /** Absolute URL. */
  image: string;
}

/** What the native project's screens show until the shop's real catalogue is wired in. */
export interface SampleCatalogue {
  categories: SampleCatalogueCategory[];
  products: SampleCatalogueProduct[];
  slides: SampleCatalogueSlide[];
}

/** At most this many products (the preview's sample call asks for 40). */
const PRODUCT_LIMIT = 40;
/** Reviews kept per product (the app shows them under its details). */
const REVIEW_LIMIT = 3;

const absolute = (origin: string, path: string) => (path ? new URL(path, origin.endsWith('/') ? origin : `${origin}/`).href : '');

/**
 * The design's sample catalogue: the categories chosen (or those of its trades, or all), the
 * products of its trades (those of the chosen categories first), and its slides (the chosen
 * slides when `slideShows` names any). Deterministic: no shuffling.
 */
export function sampleCatalogueForApp(input: Pick<BuildInput, 'creation' | 'origin'>): SampleCatalogue {
  const { creation, origin } = input;
  const superCategoryIds =
    creation.superCategoriesOfInterest.length > 0 ? [...creation.superCategoriesOfInterest] : SAMPLE_SUPER_CATEGORIES.map((_, i) => i + 1);
  const chosenTrades = SAMPLE_CATALOGUE_WITH_URLS.filter((sample) => superCategoryIds.includes(sample.id));
  const trades = chosenTrades.length > 0 ? chosenTrades : SAMPLE_CATALOGUE_WITH_URLS;
  // The catalog module's rule: the categories named, else those of the trades.
  const named = ALL_PRODUCT_CATEGORIES.filter((category) => creation.categoriesOfInterest.includes(category.id));
  const categories = named.length > 0 ? named : ALL_PRODUCT_CATEGORIES.filter((category) => superCategoryIds.includes(category.superCategoryId));
  const categoryIds = new Set(categories.map((category) => category.id));
  // The products taken in turn from each trade (as the preview's sample call), the chosen categories' first.
  const longest = Math.max(0, ...trades.map((sample) => sample.products.length));
  const all = Array.from({ length: longest }, (_, index) => trades.flatMap((sample) => sample.products[index] ?? [])).flat();
  const products = [...all.filter((product) => categoryIds.has(product.categoryId)), ...all.filter((product) => !categoryIds.has(product.categoryId))].slice(
    0,
    PRODUCT_LIMIT,
  );
  const allSlides = trades.flatMap((sample) => sample.slides);
  const picked = allSlides.filter((slide) => creation.slideShows.includes(slide.id));
  const slides = picked.length > 0 ? picked : allSlides;
  return {
    categories: categories.map((category) => ({
      id: category.id,
      name: category.name,
      icon: absolute(origin, category.icon),
      image: absolute(origin, category.imageList[0] ?? category.icon),
    })),
    products: products.map((product) => ({
      id: product.id,
      categoryId: product.categoryId,
      name: product.name,
      title: product.title,
      shortDescription: product.short_description,
      description: product.description,
      image: absolute(origin, product.image),
      price: product.price || CONSTANTS.samplePrice,
      maxPrice: product.maxPrice > product.price ? product.maxPrice : product.price + (product.id % 2 === 0 ? 70 : 50),
      sizes: product.sizes ?? [],
      reviews: product.reviews.slice(0, REVIEW_LIMIT).map((review) => ({
        id: review.id,
        person: review.person,
        date: review.date,
        stars: review.stars,
        text: review.description,
      })),
    })),
    slides: slides.map((slide) => ({ id: slide.id, title: slide.title, subtitle: slide.subtitle, image: absolute(origin, slide.image) })),
  };
}
