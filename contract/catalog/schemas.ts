/**
 * Response shapes of the catalogue calls (spec section 7): plans, super-categories, product
 * categories, slideshows, category backgrounds and the sample products ("measurements") that fill
 * the phone preview (spec section 3, "Sample and preview data").
 */
import { z } from '../zod';
import { id } from '../response';

export const planSchema = z.object({
  id,
  planCode: z.string(),
  name: z.string(),
  amount: z.number().int().meta({ description: 'Minor units (cents) per month.' }),
  currencyCode: z.string(),
  description: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const superCategorySchema = z.object({ id, name: z.string() });
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
