/** Customer calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const CUSTOMER_PATHS = {
  save: '/customers',
  me: '/customers/me',
} as const;
