/** The contact form's call (issue #11), relative to API_PREFIX. Zod-free. */
export const CONTACT_PATHS = {
  messages: '/contact',
} as const;
