/** Catalogue calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const CATALOG_PATHS = {
  plans: '/plans',
  superCategories: '/super-categories',
} as const;
