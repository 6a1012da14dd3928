/**
 * A shop's public page and preview key (spec section 6): whether anyone with the link sees the
 * design, and the key a phone's QR code carries to read it when the link is off.
 */
import { z } from '../zod';

/** Length of a shop's preview key (base64url): 72 random bits, short enough for a low QR version. */
export const PREVIEW_KEY_LENGTH = 12;
const previewKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .length(PREVIEW_KEY_LENGTH);

/**
 * GET /v1/shops/{alias}/sharing (and the answer of PUT and of POST .../preview-key): the public
 * link, and the preview key a phone's `/test/preview` URL carries (`p`) to read the design
 * when the public link is off.
 */
export const sharingSchema = z.object({ publicLink: z.boolean(), previewKey });
export type Sharing = z.infer<typeof sharingSchema>;
/** PUT /v1/shops/{alias}/sharing. */
export const sharingUpdateSchema = z.object({ publicLink: z.boolean() });
export type SharingUpdate = z.infer<typeof sharingUpdateSchema>;

/** GET /v1/public/shops/{alias}: what the public page shows. */
export const publicShopSchema = z.object({
  alias: z.string(),
  name: z.string(),
  logo: z.string(),
  slogan: z.string(),
  currencySymbol: z.string(),
  version: z.number().int(),
  config: z.record(z.string(), z.unknown()).nullable(),
  imageUrl: z.string(),
});
export type PublicShop = z.infer<typeof publicShopSchema>;
