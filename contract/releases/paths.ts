/** Engine-release calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const RELEASE_PATHS = {
  /** GET every engine release; POST (SOVEREIGN) publishes one and notifies every merchant. */
  engineReleases: '/engine/releases',
} as const;
