/**
 * Logical image keys -> public URLs of the generated pictures. images.json is written by
 * `npx tsx scripts/make-sample-catalogue.ts` (content-hashed file names under /catalogue/),
 * so new pictures never need an edit of data.ts.
 */
import images from './images.json';
import type { ImageKey } from './types';

export const SAMPLE_IMAGE_URLS: Readonly<Record<ImageKey, string>> = images;

/** The URL of a picture, e.g. '/catalogue/products/aurora-wireless-earbuds.1a2b3c4d.webp'. */
export function imageUrl(key: ImageKey): string {
  const url = SAMPLE_IMAGE_URLS[key];
  if (url === undefined) throw new Error(`No sample picture for '${key}': run npx tsx scripts/make-sample-catalogue.ts`);
  return url;
}
