/** User calls (spec section 7), relative to API_PREFIX. Zod-free. */
export const USER_PATHS = {
  me: '/user/me',
  update: '/user/:userId',
  profilePicture: '/user/:userId/profile-picture',
  find: '/users/find',
} as const;

/** Profile pictures: PUT USER_PATHS.profilePicture with the image bytes as the body. */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
