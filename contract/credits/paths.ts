/** Credit calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const CREDIT_PATHS = {
  /** POST with no body: the caller's credit, created at 0 on first ask. */
  credit: '/credits',
} as const;

/** Credit is shown in dollars (spec section 9: value / 100 with 2 decimals, e.g. "$5.00"). */
export const CREDIT_CURRENCY = { symbol: '$' } as const;
