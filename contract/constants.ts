/**
 * Spec section 9 (business constants and limits), shared by the portal, the service worker
 * and the server. Names follow the spec's own words; values are requirements.
 */
export const CONSTANTS = {
  toastDurationMs: 6000,
  chatHistoryPageSize: 100,
  typingDebounceMs: 3000,
  scrollToBottomDelayMs: 300,
  fingerprintDelayMs: 5000,
  remoteConfigMinimumFetchIntervalMs: 43_200_000,
  defaultCharge: { amount: 100, currencyCode: 'USD' },
  phoneMaxLength: 15,
  phoneMinLength: 9,
  emailMinLength: 5,
  shopFieldMinLength: 3,
  maxTemplatesPerUser: 20,
  templatesSliderAutoplayMs: 10_000,
  navSolidAfterScrollPx: 50,
  previewQr: { level: 'H', size: 200 },
  backgroundImagesCount: 46,
  defaultTemplateFlags: { isPublished: 1, isDefault: 1 },
  creditDisplayDivisor: 100,
  colourLuminosityThreshold: 0.55,
  colourShadeStep: 0.3,
  previewItemSpread: 1.68,
  playIntervalMs: 4000,
  randomPageMax: 30,
  subscriptionsPage: 0,
  measurementListSize: 30,
  productListSize: 20,
  cartPreviewSize: 5,
  sampleProductsFetchLimit: 40,
  sampleProductsPerSuperCategory: 10,
  samplePrice: 200,
  sampleQuantity: 1,
  sampleCacheReuse: { products: 20, slides: 3, categories: 3 },
  titleTruncation: { template_a: 16, template_b: 50, template_c: 20 },
  descriptionTruncationTemplateC: 25,
  cartItemTruncation: 20,
  themeECategoryTitle: 19,
  sideDrawerWidthPx: 250,
  slideshowAutoplayMs: 3000,
  ratingStars: 5,
  shopNameTruncation: 20,
  homeCategoriesShown: 6,
  defaultListLimit: 50,
  shopMediaLimit: 100,
} as const;

export const ROLE = { SOVEREIGN: 1 } as const;

/** Sample super-category ids 1 to 11, in the spec's order. */
export const SAMPLE_SUPER_CATEGORIES = [
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
] as const;

/** Template categories shown on the homepage. */
export const TEMPLATE_CATEGORIES = ['health_beauty', 'jewelries_accessories', 'phones_tablets'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const GATEWAYS = ['paystack', 'flutterwave', 'stripe'] as const;
export type GatewayId = (typeof GATEWAYS)[number];

/** The product's own platform identifier: the {portal} segment of notification and chat paths. */
export const PORTAL = 'portal' as const;
