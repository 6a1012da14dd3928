import { describe, expect, it } from 'vitest';
import { CONSTANTS, GATEWAYS, PORTAL, ROLE, SAMPLE_SUPER_CATEGORIES, TEMPLATE_CATEGORIES } from '@contract/constants';

describe('spec section 9 constants', () => {
  it.each([
    ['toastDurationMs', 6000],
    ['chatHistoryPageSize', 100],
    ['typingDebounceMs', 3000],
    ['scrollToBottomDelayMs', 300],
    ['fingerprintDelayMs', 5000],
    ['remoteConfigMinimumFetchIntervalMs', 43_200_000],
    ['phoneMaxLength', 15],
    ['emailMinLength', 5],
    ['shopFieldMinLength', 3],
    ['maxTemplatesPerUser', 20],
    ['templatesSliderAutoplayMs', 10_000],
    ['navSolidAfterScrollPx', 50],
    ['backgroundImagesCount', 46],
    ['creditDisplayDivisor', 100],
    ['colourLuminosityThreshold', 0.55],
    ['colourShadeStep', 0.3],
    ['previewItemSpread', 1.68],
    ['playIntervalMs', 4000],
    ['randomPageMax', 30],
    ['measurementListSize', 30],
    ['productListSize', 20],
    ['cartPreviewSize', 5],
    ['sampleProductsFetchLimit', 40],
    ['sampleProductsPerSuperCategory', 10],
    ['samplePrice', 200],
    ['sampleQuantity', 1],
    ['descriptionTruncationTemplateC', 25],
    ['cartItemTruncation', 20],
    ['themeECategoryTitle', 19],
    ['sideDrawerWidthPx', 250],
    ['slideshowAutoplayMs', 3000],
    ['ratingStars', 5],
  ] as const)('%s is %s', (key, value) => {
    expect(CONSTANTS[key]).toBe(value);
  });

  it('keeps the structured values of the table', () => {
    expect(CONSTANTS.defaultCharge).toEqual({ amount: 100, currencyCode: 'USD' });
    expect(CONSTANTS.previewQr).toEqual({ level: 'H', size: 200 });
    expect(CONSTANTS.defaultTemplateFlags).toEqual({ isPublished: 1, isDefault: 1 });
    expect(CONSTANTS.titleTruncation).toEqual({ template_a: 16, template_b: 50, template_c: 20 });
    expect(CONSTANTS.sampleCacheReuse).toEqual({ products: 20, slides: 3, categories: 3 });
  });

  it('has SOVEREIGN = 1, the three gateways and the portal segment', () => {
    expect(ROLE.SOVEREIGN).toBe(1);
    expect([...GATEWAYS].sort()).toEqual(['flutterwave', 'paystack', 'stripe']);
    expect(PORTAL).toBe('portal');
  });

  it('lists the 11 sample super-categories in id order and the homepage template categories', () => {
    expect(SAMPLE_SUPER_CATEGORIES).toEqual([
      'electronics',
      'fashion',
      'health',
      'autos',
      'sports',
      'groceries',
      'fast food',
      'home',
      'phones',
      'baby',
      'computers',
    ]);
    expect(TEMPLATE_CATEGORIES).toEqual(['health_beauty', 'jewelries_accessories', 'phones_tablets']);
  });
});
