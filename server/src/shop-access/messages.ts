/** What the shop calls answer when they refuse (spec section 5 messages live in contract/shops/setup-checks.ts). */
export const SHOP_MESSAGES = {
  notFound: 'Shop not found',
  nameTaken: 'A shop with this name already exists. Please choose another name.',
  nameUnusable: 'Please enter a business name with at least one letter or digit',
  logoNotUploaded: 'Please upload a business logo: the logo must be an image uploaded for this shop',
  unknownCurrency: 'Please select a currency for your business',
  unknownSuperCategory: 'superCategoriesOfInterest names a category that does not exist',
  unknownCategory: 'categoriesOfInterest names a category that does not exist',
  categoriesMissing: 'Please select the categories your shop sells',
  notATemplate: 'This shop does not belong to that template',
  configTooLarge: 'The design configuration is too large',
  configAliasMismatch: 'The configuration belongs to another shop',
  configConflict: 'The design was changed elsewhere: reload it and try again',
  mediaType: 'Please upload a PNG, JPEG or WebP image (SVG is not accepted: it can carry scripts)',
  mediaTooLarge: 'The image is too large: at most 2 MB',
  mediaName: 'The file name header is not valid',
} as const;
