/**
 * Shops (spec section 3 Shop) as every call returns them, and the payloads of the shop calls
 * (spec section 7). The setup checks of spec section 5 live in setup-checks.ts.
 */
import { CONSTANTS } from '../constants';
import { pageQuery } from '../paging';
import { id, timestamp } from '../response';
import { shortText, text, TEXT_LIMITS } from '../text';
import { z } from '../zod';

export const SHOP_LIMITS = {
  name: TEXT_LIMITS.name,
  slogan: TEXT_LIMITS.shortText,
  logo: 2048,
  addressName: TEXT_LIMITS.shortText,
  addressDescription: 500,
  /** Categories of interest a shop may name. */
  categories: 100,
  /** The stored design config (POST configure), as JSON text. */
  configBytes: 512 * 1024,
} as const;

export const currencySchema = z.object({ id, code: z.string(), name: z.string(), symbol: z.string() });
export type Currency = z.infer<typeof currencySchema>;

export const addressSchema = z.object({
  name: z.string(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ShopAddress = z.infer<typeof addressSchema>;

export const shopSchema = z.object({
  id,
  name: z.string(),
  alias: z.string(),
  slugName: z.string(),
  appBucketName: z.string(),
  logo: z.string(),
  slogan: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  address: addressSchema,
  shopCurrency: z.object({ currencyId: id, currency: currencySchema }),
  categoriesOfInterest: z.array(id),
  superCategoriesOfInterest: z.array(id),
  isTemplate: z.boolean(),
  shopApps: z.array(z.object({ id, appType: z.string() })),
  ownerId: id,
  configVersion: z.number().int().meta({ description: 'Incremented by every POST configure.' }),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Shop = z.infer<typeof shopSchema>;

/** GET /v1/admin/shops/{alias}: the shop with its stored design config. */
export const adminShopSchema = shopSchema.extend({ config: z.record(z.string(), z.unknown()).nullable() });
export type AdminShop = z.infer<typeof adminShopSchema>;

const coordinate = (label: string, limit: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine((value) => Number.isFinite(value) && Math.abs(value) <= limit, { error: `${label} must be between -${limit} and ${limit}` });

const idList = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label} must hold ids` })
        .int()
        .positive(),
      { error: `${label} must be a list of ids` },
    )
    .max(SHOP_LIMITS.categories, {
      error: `${label} holds more than ${SHOP_LIMITS.categories} ids`,
    });

/** The shop's fields a merchant writes (POST creates with them, PUT changes some of them). */
const shopFields = {
  name: text({ label: 'Business name', max: SHOP_LIMITS.name }),
  logo: text({ label: 'Logo', max: SHOP_LIMITS.logo }),
  slogan: shortText('Slogan'),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  address: z.object({
    name: text({ label: 'Address name', max: SHOP_LIMITS.addressName }),
    description: text({ label: 'Address description', max: SHOP_LIMITS.addressDescription }).default(''),
    latitude: coordinate('Address latitude', 90),
    longitude: coordinate('Address longitude', 180),
  }),
  shopCurrency: z.object({ currencyId: z.number({ error: 'currencyId must be a number' }).int().min(0).max(2_147_483_647) }),
  categoriesOfInterest: idList('categoriesOfInterest'),
  superCategoriesOfInterest: idList('superCategoriesOfInterest'),
};

/**
 * POST /v1/shops. Fields stay loose here (a missing name is the spec's 'Please enter a business
 * name', not a schema error): the server runs the setup checks on the parsed payload.
 */
export const createShopSchema = z.object({
  name: shopFields.name.optional(),
  logo: shopFields.logo.optional(),
  slogan: shopFields.slogan.optional(),
  latitude: shopFields.latitude.optional(),
  longitude: shopFields.longitude.optional(),
  address: shopFields.address.optional(),
  shopCurrency: shopFields.shopCurrency.optional(),
  categoriesOfInterest: shopFields.categoriesOfInterest.optional(),
  superCategoriesOfInterest: shopFields.superCategoriesOfInterest.optional(),
});
export type CreateShopPayload = z.input<typeof createShopSchema>;

/** PUT /v1/shops/{alias}: any of the fields; the result must still pass the setup checks. */
export type UpdateShopPayload = CreateShopPayload;

/** POST /v1/shops/{alias}/configure: the design config `{ shop, ... }` (stored whole). */
export const configureShopSchema = z.record(z.string(), z.unknown());
export const configureQuery = z.object({
  configVersion: z.coerce.number().int().min(0).optional().meta({ description: 'The version the client edited: a 409 when the stored one moved on.' }),
});
export const configureAnswerSchema = z.object({ alias: z.string(), configVersion: z.number().int() });

/** GET /v1/shops/find?shopName&slugName. */
export const findShopQuery = z.object({
  shopName: text({ label: 'shopName', max: SHOP_LIMITS.name }).optional(),
  slugName: text({ label: 'slugName', max: 200 }).optional(),
});
export const findShopAnswerSchema = z.object({
  shopName: z.string(),
  slugName: z.string(),
  available: z.boolean(),
  message: z.string().nullable().meta({ description: 'Why the name cannot be used, when it cannot.' }),
});
export type FindShopAnswer = z.infer<typeof findShopAnswerSchema>;

/** DELETE /v1/admin/shops/{alias}?templateId: templateId names the template the shop belongs to. */
export const deleteShopQuery = z.object({ templateId: text({ label: 'templateId', max: 200 }).optional() });

export const checkEnableAnswerSchema = z.object({
  canEnable: z.boolean(),
  message: z.string().nullable().meta({ description: 'The first thing missing (spec section 5 messages), or null.' }),
});

export const shopMediaSchema = z.object({
  id,
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  createdAt: timestamp,
});
export type ShopMedia = z.infer<typeof shopMediaSchema>;

export const shopMediaQuery = pageQuery(CONSTANTS.shopMediaLimit).extend({ keyword: text({ label: 'keyword', max: 100 }).optional() });
export const userShopsQuery = pageQuery(CONSTANTS.defaultListLimit);

/** GET /v1/places?q: a gazetteer search (cities of 1000+ people), nearest first when near= is set. */
export const placeSchema = z.object({
  name: z.string(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  countryCode: z.string(),
});
export type Place = z.infer<typeof placeSchema>;
export const placesQuery = z.object({
  q: text({ label: 'q', max: 100 }).optional(),
  latitude: z.coerce.number().min(-90).max(90).optional(),
  longitude: z.coerce.number().min(-180).max(180).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

/** Currencies: GET /v1/currencies?country=NG puts that country's currency first. */
export const currenciesQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter country code')
    .optional(),
});
