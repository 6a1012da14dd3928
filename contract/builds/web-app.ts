/**
 * The installable web app of a shop (issue 31): the page data its index.html carries, which the
 * build writes (server/src/modules/builds/artifacts/web-app.ts) and the app reads (src/shop-app).
 * Zod-free: the Creation was parsed by the build, so the app parses nothing.
 */
import type { ProductCategory, SampleProduct, Slide } from '../catalog/schemas';
import type { Creation } from '../design/schemas';

/** The id of the `<script type="application/json">` element holding `ShopAppData`. */
export const SHOP_APP_DATA_ID = 'shop-data';

export interface ShopAppData {
  /** The Creation of the built version, its catalogue pictures as URLs relative to the app. */
  creation: Creation;
  /** The sample catalogue the phone preview shows, until the shop has a catalogue of its own. */
  sample: { products: SampleProduct[]; categories: ProductCategory[]; slides: Slide[] };
}
