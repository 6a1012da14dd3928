/**
 * Spec section 8 for the catalogue reads the preview makes: category and slideshow fetches hand
 * back the normalised error instead of rejecting, and sample slides that fail to load are
 * replaced by slides generated here, one per category of interest, or four random of the eleven
 * sample super-categories. Pure (the random source is a parameter): unit-tested.
 */
import type { Slide } from '@contract/catalog/schemas';
import { SAMPLE_SUPER_CATEGORIES } from '@contract/constants';

/** How many generated slides stand in when no category of interest is known. */
export const FALLBACK_SLIDE_COUNT = 4;

/** A fetch that answered, or the error text it ended with (never a rejection). */
export type Settled<T> = { data: T; error: null } | { data: null; error: string };

export async function settle<T>(fetching: Promise<T>): Promise<Settled<T>> {
  try {
    return { data: await fetching, error: null };
  } catch (error) {
    return { data: null, error: error instanceof Error ? error.message : 'Error' };
  }
}

const title = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Distinct ids of 1..11 in random order (Fisher-Yates on `random`). */
function randomSuperCategoryIds(count: number, random: () => number): number[] {
  const ids = SAMPLE_SUPER_CATEGORIES.map((_name, index) => index + 1);
  for (let index = ids.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [ids[index], ids[other]] = [ids[other] as number, ids[index] as number];
  }
  return ids.slice(0, count);
}

/** Slides made without the server: a title per super-category, no picture (the preview paints a gradient). */
export function generatedSlides(superCategoriesOfInterest: readonly number[], random: () => number = Math.random): Slide[] {
  const known = superCategoriesOfInterest.filter((id) => id >= 1 && id <= SAMPLE_SUPER_CATEGORIES.length);
  const ids = known.length > 0 ? known : randomSuperCategoryIds(FALLBACK_SLIDE_COUNT, random);
  return ids.map((id, index) => ({
    id: -(index + 1),
    superCategoryId: id,
    image: '',
    title: title(SAMPLE_SUPER_CATEGORIES[id - 1] ?? 'Shop'),
    subtitle: 'New arrivals every week',
  }));
}

/** The sample slides, or generated ones when they could not be loaded (or none came back). */
export function slidesOrFallback(loaded: Settled<Slide[]>, superCategoriesOfInterest: readonly number[], random: () => number = Math.random): Slide[] {
  return loaded.data && loaded.data.length > 0 ? loaded.data : generatedSlides(superCategoriesOfInterest, random);
}
