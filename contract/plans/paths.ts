/** Plan calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const PLAN_PATHS = {
  plans: '/plans',
} as const;
