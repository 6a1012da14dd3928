/** Collaborator calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const COLLABORATOR_PATHS = {
  /** DELETE: the invites the caller has seen; the portal clears them at every login. */
  invitesHistory: '/invites-history',
} as const;
