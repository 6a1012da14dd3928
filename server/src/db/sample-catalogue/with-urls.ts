/**
 * The sample catalogue with picture URLs in place of the logical image keys of data.ts: what
 * the preview's sample calls serve (spec sections 3, 7 and 9).
 */
import { BACKGROUND_IMAGES, SAMPLE_CATALOGUE } from './data';
import { imageUrl } from './images';
import type { SampleBackgroundImage, SampleSuperCategory } from './types';

function withUrls(superCategory: SampleSuperCategory): SampleSuperCategory {
  return {
    ...superCategory,
    categories: superCategory.categories.map((category) => ({ ...category, icon: imageUrl(category.icon), imageList: category.imageList.map(imageUrl) })),
    products: superCategory.products.map((product) => ({ ...product, image: imageUrl(product.image) })),
    slides: superCategory.slides.map((slide) => ({ ...slide, image: imageUrl(slide.image) })),
    categoryBackgrounds: superCategory.categoryBackgrounds.map((background) => ({ ...background, image: imageUrl(background.image) })),
  };
}

/** The 11 sample super-categories (ids 1 to 11, spec order) with their pictures' URLs. */
export const SAMPLE_CATALOGUE_WITH_URLS: readonly SampleSuperCategory[] = SAMPLE_CATALOGUE.map(withUrls);

/** The 46 splash and login backgrounds with their pictures' URLs. */
export const BACKGROUND_IMAGES_WITH_URLS: readonly SampleBackgroundImage[] = BACKGROUND_IMAGES.map((background) => ({
  ...background,
  image: imageUrl(background.image),
}));
