/** Credit calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const CREDIT_PATHS = {
  /** POST with no body: the caller's credit, created at 0 on first ask. */
  credit: '/credits',
} as const;
