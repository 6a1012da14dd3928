import { describe, expect, it } from 'vitest';
import type { Slide } from '@contract/catalog/schemas';
import { FALLBACK_SLIDE_COUNT, generatedSlides, settle, slidesOrFallback } from '@/features/catalog/fallbacks';

const SLIDE: Slide = { id: 11, superCategoryId: 1, image: '/catalogue/slides/electronics-1.webp', title: 'Sound', subtitle: 'Earbuds' };

/** A fixed sequence of "random" numbers. */
const sequence = (values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
};

describe('catalogue fallbacks (spec section 8)', () => {
  it('settle hands back the error text instead of rejecting', async () => {
    expect(await settle(Promise.resolve([SLIDE]))).toEqual({ data: [SLIDE], error: null });
    expect(await settle(Promise.reject(new Error('Could not load the slides')))).toEqual({ data: null, error: 'Could not load the slides' });
    expect(await settle(Promise.reject('boom'))).toEqual({ data: null, error: 'Error' });
  });

  it('keeps loaded slides', () => {
    expect(slidesOrFallback({ data: [SLIDE], error: null }, [2])).toEqual([SLIDE]);
  });

  it('falls back to one generated slide per category of interest', () => {
    const slides = slidesOrFallback({ data: null, error: 'down' }, [2, 7]);
    expect(slides.map((slide) => [slide.superCategoryId, slide.title])).toEqual([
      [2, 'Fashion'],
      [7, 'Fast food'],
    ]);
    expect(slides.every((slide) => slide.image === '' && slide.id < 0)).toBe(true);
  });

  it('or four random of the eleven, distinct, when none is known (also for an empty answer)', () => {
    const slides = slidesOrFallback({ data: [], error: null }, [], sequence([0.1, 0.9, 0.5, 0.3, 0.7]));
    expect(slides).toHaveLength(FALLBACK_SLIDE_COUNT);
    const ids = slides.map((slide) => slide.superCategoryId);
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => id >= 1 && id <= 11)).toBe(true);
    expect(generatedSlides([99])).toHaveLength(4);
  });
});
