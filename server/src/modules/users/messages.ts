/** Every sentence the users module answers with (tests import them too). */
export const USER_MESSAGES = {
  userNotFound: 'User not found',
  noUserWithEmail: 'No user found with that email',
  pictureType: 'The picture must be a PNG, JPEG, WebP or GIF image.',
  pictureTooLarge: 'The picture must be 2 MB or smaller.',
} as const;
