/** Design calls (spec section 7), relative to API_PREFIX: versions, merge, history, sharing and the public page. Zod-free. */
export const DESIGN_PATHS = {
  /** GET / PUT the shop's public page settings (PUT: owner or manager). */
  sharing: '/shops/:alias/sharing',
  /** POST (owner or manager): a new preview key; phones holding the old one lose the design. */
  previewKey: '/shops/:alias/sharing/preview-key',
  /** GET (anonymous): the public page's data; 404 when the owner turned the link off. */
  publicShop: '/public/shops/:alias',
  /** GET (anonymous): a PNG of the default design, the public page's Open Graph image. */
  publicImage: '/public/shops/:alias/og-image.png',
  /** GET the design versions (branches) of a shop; POST {from} duplicates one. */
  versions: '/shops/:alias/design/versions',
  /** PUT: makes this version the default. */
  defaultVersion: '/shops/:alias/design/versions/:version/default',
  /** GET: what merging this version into the default would apply; POST {resolutions}: merge it. */
  mergeVersion: '/shops/:alias/design/versions/:version/merge',
  /** GET ?limit=N: who changed what on this version, newest first. */
  versionHistory: '/shops/:alias/design/versions/:version/history',
} as const;

export const DESIGN_MESSAGES = {
  publicOff: 'The owner has turned the public link of this app off',
  designPrivate: "This design is private. Open it from the app's QR code, or sign in with an account that may see it.",
  versionNotFound: 'This design version does not exist',
  versionsLimit: 'A shop can keep at most 20 design versions',
  mergeIntoItself: 'This version is the default: merge another version into it',
  mergeConflicts: 'Choose the branch or the default for each conflicting field',
  mergeInvalid: 'The merged design would not be valid',
} as const;
