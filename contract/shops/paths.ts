/** Shop calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const SHOP_PATHS = {
  create: '/shops',
  update: '/shops/:alias',
  configure: '/shops/:alias/configure',
  find: '/shops/find',
  checkEnable: '/shops/:alias/check-enable',
  adminShop: '/admin/shops/:alias',
  shopMedia: '/admin/shops/:alias/shop-media',
  /** A logo uploaded before its shop exists (setup): attached to the shop that names it. */
  pendingMedia: '/shop-media',
  userShops: '/users/:userId/shops',
  currencies: '/currencies',
  places: '/places',
} as const;

/** Shop media (logos, pictures): the image bytes as the body. SVG is refused (it can carry script). */
export const SHOP_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const SHOP_MEDIA_MAX_BYTES = 2 * 1024 * 1024;
/** Header carrying the uploaded file's own name (URI-encoded), shown and searched in the library. */
export const MEDIA_NAME_HEADER = 'x-file-name';
