/**
 * Response shapes of the catalogue calls (spec section 7): super-categories, product
 * categories, slideshows, category backgrounds and the sample products ("measurements") that fill
 * the phone preview (spec section 3, "Sample and preview data").
 */
import { z } from '../zod';
import { CONSTANTS } from '../constants';
import { pageQuery } from '../paging';
import { id } from '../response';

/** Spec section 3 Super category: id and name, plus a picture for the category selection. */
export const superCategorySchema = z.object({ id, name: z.string(), image: z.string().meta({ description: 'URL of a picture of the trade.' }) });
export type SuperCategory = z.infer<typeof superCategorySchema>;

/** Spec section 3 Category: id, name, icon, imageList (picture URLs). */
export const productCategorySchema = z.object({
  id,
  superCategoryId: id,
  name: z.string(),
  icon: z.string().meta({ description: 'URL of the category icon.' }),
  imageList: z.array(z.string()).meta({ description: 'URLs of the category pictures.' }),
});
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** Spec section 3 Slide: id, superCategoryId (plus its picture and promo lines). */
export const slideSchema = z.object({
  id,
  superCategoryId: id,
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
});
export type Slide = z.infer<typeof slideSchema>;

/** Spec section 3 Category background. */
export const categoryBackgroundSchema = z.object({ id, superCategoryId: id, image: z.string() });
export type CategoryBackground = z.infer<typeof categoryBackgroundSchema>;

/** Spec section 3 Review: id, person, date, stars (out of 5), description. */
export const reviewSchema = z.object({
  id,
  person: z.string(),
  date: z.string().meta({ description: 'ISO date (YYYY-MM-DD).' }),
  stars: z.number().int().min(1).max(5),
  description: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * Spec section 3 Product or variant: id, name, title, short_description, description, image,
 * maxPrice, quantity, price; plus where it belongs, its sizes and reviews.
 */
export const sampleProductSchema = z.object({
  id,
  superCategoryId: id,
  categoryId: id,
  name: z.string(),
  title: z.string(),
  short_description: z.string(),
  description: z.string(),
  image: z.string(),
  price: z.number(),
  maxPrice: z.number().meta({ description: 'The struck-through price, display only.' }),
  quantity: z.number().int(),
  sizes: z.array(z.string()),
  reviews: z.array(reviewSchema),
});
export type SampleProduct = z.infer<typeof sampleProductSchema>;

/** A splash or login screen background (Creation `backgroundImages`; realtime `background-images/{name}`). */
export const backgroundImageSchema = z.object({ id, name: z.string(), image: z.string() });
export type BackgroundImage = z.infer<typeof backgroundImageSchema>;

/** The most ids one list parameter may carry (there are 11 super-categories and ~70 categories). */
export const ID_LIST_MAX = 100;

/**
 * A list of ids in a query: comma-separated (`1,2,3`), or the parameter repeated. Missing or
 * empty means "all".
 */
export const idListParam = (label: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, context) => {
      const parts = (Array.isArray(value) ? value.join(',') : (value ?? ''))
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (parts.length > ID_LIST_MAX) {
        context.addIssue({ code: 'custom', message: `Query parameter ${label} holds more than ${ID_LIST_MAX} ids` });
        return z.NEVER;
      }
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
        context.addIssue({ code: 'custom', message: `Query parameter ${label} must be a comma-separated list of positive ids` });
        return z.NEVER;
      }
      return [...new Set(ids)].sort((a, b) => a - b);
    });

/** `?superCategoryIds` of category backgrounds and slideshows. */
export const superCategoryIdsQuery = z.object({ superCategoryIds: idListParam('superCategoryIds') });

/** `?superCategoryIds&limit` (default 50) of the sample products, paged. */
export const sampleMeasurementsQuery = pageQuery(CONSTANTS.defaultListLimit).extend({ superCategoryIds: idListParam('superCategoryIds') });

/** `?categoryIds&superCategoryIds&limit` (default 50) of product categories, paged: those named, else those of the super-categories, else all. */
export const productCategoriesQuery = pageQuery(CONSTANTS.defaultListLimit).extend({
  categoryIds: idListParam('categoryIds'),
  superCategoryIds: idListParam('superCategoryIds'),
});
