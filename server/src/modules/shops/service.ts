/** Shop rules (spec sections 4, 5 and 7): creation all-or-nothing, names unique, owner checks. */
import { randomBytes } from 'node:crypto';
import slugify from '@sindresorhus/slugify';
import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { UPLOADS_PATH } from '@contract/pages';
import { aliasCandidate, SLUG_MAX } from '@contract/shops/alias';
import type { AdminShop, Currency, FindShopAnswer, Shop } from '@contract/shops/schemas';
import { SHOP_LIMITS } from '@contract/shops/schemas';
import { CONSTANTS } from '@contract/constants';
import { REALTIME_MESSAGES } from '@contract/design/realtime';
import { SHOP_SETUP_MESSAGES, shopSetupError } from '@contract/shops/setup-checks';
import type { User } from '@contract/users/schemas';
import { requireSelfOrSovereign } from '../../auth/guards';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { currencies, media, shops, superCategories } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { JSON_LIMITS, nestedDeeperThan } from '../../http/json-limits';
import { removeMediaFiles, STORED_NAME } from '../../media/store';
import type { FileStorage } from '../../storage/port';
import { ALL_PRODUCT_CATEGORIES } from '../catalog/index';
import { withSelection } from '../design/index';
import { enableProblem, requireShopAccess, type ShopRow } from '../../shop-access/access';
import { SHOP_MESSAGES } from '../../shop-access/messages';

type ParsedShopPayload = {
  name?: string;
  logo?: string;
  slogan?: string;
  latitude?: number;
  longitude?: number;
  address?: { name: string; description: string; latitude: number; longitude: number };
  shopCurrency?: { currencyId: number };
  categoriesOfInterest?: number[];
  superCategoriesOfInterest?: number[];
};

/** The slug of a name; a name with no Latin letters or digits after transliteration gets a random one. */
function slugOf(name: string): string {
  const slug = slugify(name, { decamelize: false }).slice(0, SLUG_MAX).replace(/-+$/g, '');
  return slug.length > 0 ? slug : '';
}

async function currencyOf(db: Database, currencyId: number): Promise<Currency> {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, currencyId)).limit(1);
  if (!row) throw new HttpError(400, SHOP_MESSAGES.unknownCurrency);
  return row;
}

async function toShop(db: Database, row: ShopRow): Promise<Shop> {
  const currency = await currencyOf(db, row.currencyId);
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    slugName: row.slugName,
    appBucketName: row.appBucketName,
    logo: row.logo,
    slogan: row.slogan,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    shopCurrency: { currencyId: row.currencyId, currency },
    categoriesOfInterest: row.categoriesOfInterest,
    superCategoriesOfInterest: row.superCategoriesOfInterest,
    isTemplate: row.isTemplate,
    shopApps: [],
    ownerId: row.ownerUserId,
    configVersion: row.configVersion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Why `name` cannot be a new shop's (or `exceptId`'s new) name, or null. */
async function nameProblem(db: Database, name: string, slug: string, exceptId?: number): Promise<string | null> {
  if (name.trim().length < CONSTANTS.shopFieldMinLength) return SHOP_SETUP_MESSAGES.name;
  const same = or(sql`lower(${shops.name}) = lower(${name})`, slug ? eq(shops.slugName, slug) : sql`false`);
  const [taken] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(exceptId === undefined ? same : and(same, ne(shops.id, exceptId)))
    .limit(1);
  return taken ? SHOP_MESSAGES.nameTaken : null;
}

export async function findShopName(db: Database, query: { shopName?: string; slugName?: string }): Promise<FindShopAnswer> {
  const shopName = query.shopName ?? '';
  const slugName = query.shopName ? slugOf(shopName) : slugOf(query.slugName ?? '');
  const message = await nameProblem(db, shopName || slugName, slugName);
  return { shopName, slugName, available: message === null, message };
}

async function checkCategories(db: Database, payload: ParsedShopPayload): Promise<void> {
  const superIds = payload.superCategoriesOfInterest ?? [];
  if (superIds.length > 0) {
    const found = await db.select({ id: superCategories.id }).from(superCategories).where(inArray(superCategories.id, superIds));
    if (found.length !== new Set(superIds).size) throw new HttpError(400, SHOP_MESSAGES.unknownSuperCategory);
  }
  const known = new Set(ALL_PRODUCT_CATEGORIES.map((category) => category.id));
  if ((payload.categoriesOfInterest ?? []).some((id) => !known.has(id))) throw new HttpError(400, SHOP_MESSAGES.unknownCategory);
}

/** The media row a logo URL names: the actor's own pending upload, or one of this shop's media. */
async function logoMedia(db: Database, actor: User, logo: string, alias: string | null): Promise<{ id: number }> {
  const fileName = logo.startsWith(`${UPLOADS_PATH}/`) ? logo.slice(UPLOADS_PATH.length + 1) : '';
  if (!STORED_NAME.test(fileName)) throw new HttpError(400, SHOP_MESSAGES.logoNotUploaded);
  const mine = and(eq(media.ownerUserId, actor.id), isNull(media.shopAlias));
  const [row] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.fileName, fileName), eq(media.kind, 'shop-media'), alias ? or(mine, eq(media.shopAlias, alias)) : mine))
    .limit(1);
  if (!row) throw new HttpError(400, SHOP_MESSAGES.logoNotUploaded);
  return row;
}

/**
 * Gives the logo's media row to shop `alias`, unless another shop took it first: one conditional
 * UPDATE, so of parallel creations naming one pending upload exactly one keeps it (PostgreSQL
 * re-checks the condition on the row another transaction just changed) and the others roll back.
 */
async function attachLogo(tx: Pick<Database, 'update'>, mediaId: number, alias: string): Promise<void> {
  const [attached] = await tx
    .update(media)
    .set({ shopAlias: alias })
    .where(and(eq(media.id, mediaId), or(isNull(media.shopAlias), eq(media.shopAlias, alias))))
    .returning({ id: media.id });
  if (!attached) throw new HttpError(400, SHOP_MESSAGES.logoNotUploaded);
}

async function freeAlias(db: Database, slug: string): Promise<string> {
  const base = slug || `shop-${randomBytes(4).toString('hex')}`;
  const candidates = Array.from({ length: 20 }, (_, index) => aliasCandidate(base, index + 1));
  const taken = new Set((await db.select({ alias: shops.alias }).from(shops).where(inArray(shops.alias, candidates))).map((row) => row.alias));
  return candidates.find((candidate) => !taken.has(candidate)) ?? `${base.slice(0, SLUG_MAX - 9)}-${randomBytes(4).toString('hex')}`;
}

function refuseDuplicate(error: unknown): never {
  if (['shops_slug_name_unique', 'shops_name_lower_unique', 'shops_alias_unique'].some((name) => isUniqueViolation(error, name))) {
    throw new HttpError(409, SHOP_MESSAGES.nameTaken);
  }
  throw error;
}

/** POST /v1/shops: every required field checked first; the shop and its logo's attachment in one transaction. */
export async function createShop(db: Database, actor: User, payload: ParsedShopPayload): Promise<Shop> {
  const problem = shopSetupError(payload);
  if (problem) throw new HttpError(400, problem);
  const { name, logo, latitude, longitude, shopCurrency } = payload as Required<ParsedShopPayload>;
  const slug = slugOf(name);
  const nameMessage = await nameProblem(db, name, slug);
  if (nameMessage) throw new HttpError(409, nameMessage);
  await currencyOf(db, shopCurrency.currencyId);
  await checkCategories(db, payload);
  const logoRow = await logoMedia(db, actor, logo, null);
  const alias = await freeAlias(db, slug);
  const address = payload.address ?? { name: '', description: '', latitude, longitude };
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(shops)
        .values({
          alias,
          slugName: slug || alias,
          name,
          ownerUserId: actor.id,
          appBucketName: `${alias}-app`,
          logo,
          slogan: payload.slogan ?? '',
          latitude,
          longitude,
          address,
          currencyId: shopCurrency.currencyId,
          categoriesOfInterest: payload.categoriesOfInterest ?? [],
          superCategoriesOfInterest: payload.superCategoriesOfInterest ?? [],
        })
        .returning();
      if (!created) throw new Error('insert returned nothing');
      await attachLogo(tx, logoRow.id, alias);
      return created;
    });
    return toShop(db, row);
  } catch (error) {
    refuseDuplicate(error);
  }
}

/** PUT /v1/shops/{alias}: the changed fields; the shop must still pass every setup check. */
export async function updateShop(db: Database, actor: User, alias: string, payload: ParsedShopPayload): Promise<Shop> {
  const shop = await requireShopAccess(db, actor, alias, 'write');
  const merged = {
    name: payload.name ?? shop.name,
    logo: payload.logo ?? shop.logo,
    latitude: payload.latitude ?? shop.latitude,
    longitude: payload.longitude ?? shop.longitude,
    shopCurrency: payload.shopCurrency ?? { currencyId: shop.currencyId },
  };
  const problem = shopSetupError(merged);
  if (problem) throw new HttpError(400, problem);
  const slug = payload.name !== undefined ? slugOf(merged.name) : shop.slugName;
  if (payload.name !== undefined) {
    const nameMessage = await nameProblem(db, merged.name, slug, shop.id);
    if (nameMessage) throw new HttpError(409, nameMessage);
  }
  if (payload.shopCurrency) await currencyOf(db, payload.shopCurrency.currencyId);
  await checkCategories(db, payload);
  const logoRow = payload.logo !== undefined && payload.logo !== shop.logo ? await logoMedia(db, actor, payload.logo, alias) : null;
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(shops)
        .set({
          name: merged.name,
          slugName: slug || shop.slugName,
          logo: merged.logo,
          slogan: payload.slogan ?? shop.slogan,
          latitude: merged.latitude,
          longitude: merged.longitude,
          address: payload.address ?? shop.address,
          currencyId: merged.shopCurrency.currencyId,
          categoriesOfInterest: payload.categoriesOfInterest ?? shop.categoriesOfInterest,
          superCategoriesOfInterest: payload.superCategoriesOfInterest ?? shop.superCategoriesOfInterest,
        })
        .where(eq(shops.id, shop.id))
        .returning();
      if (!updated) throw new HttpError(404, SHOP_MESSAGES.notFound);
      if (logoRow) await attachLogo(tx, logoRow.id, alias);
      return updated;
    });
    return toShop(db, row);
  } catch (error) {
    refuseDuplicate(error);
  }
}

/** POST /v1/shops/{alias}/configure: stores the design config whole (with the shop's selection) and counts the version. */
export async function configureShop(
  db: Database,
  actor: User,
  alias: string,
  config: Record<string, unknown>,
  expectedVersion: number | undefined,
): Promise<{ alias: string; configVersion: number; config: Record<string, unknown> }> {
  const shop = await requireShopAccess(db, actor, alias, 'write');
  const json = JSON.stringify(config);
  if (Buffer.byteLength(json) > SHOP_LIMITS.configBytes) throw new HttpError(413, SHOP_MESSAGES.configTooLarge);
  // The design document wraps the config one level deeper ({isDefault, version, data}): it must stay within the bound.
  if (nestedDeeperThan(json, JSON_LIMITS.depth - 1)) throw new HttpError(400, REALTIME_MESSAGES.tooDeep);
  const named = (config.shop as { alias?: unknown } | undefined)?.alias;
  if (named !== undefined && named !== alias) throw new HttpError(400, SHOP_MESSAGES.configAliasMismatch);
  // The design carries the shop's selection (issue 27), whatever the config says.
  const stored = withSelection(config, shop);
  const where = expectedVersion === undefined ? eq(shops.id, shop.id) : and(eq(shops.id, shop.id), eq(shops.configVersion, expectedVersion));
  const [row] = await db
    .update(shops)
    .set({ config: stored, configVersion: sql`${shops.configVersion} + 1` })
    .where(where)
    .returning({ configVersion: shops.configVersion });
  if (!row) throw new HttpError(409, SHOP_MESSAGES.configConflict);
  return { alias, configVersion: row.configVersion, config: stored };
}

export async function getAdminShop(db: Database, actor: User, alias: string): Promise<AdminShop> {
  const shop = await requireShopAccess(db, actor, alias, 'read');
  return { ...(await toShop(db, shop)), config: shop.config ?? null };
}

/** DELETE /v1/admin/shops/{alias}?templateId: the shop, its media rows, then their files. */
export async function deleteShop(db: Database, storage: FileStorage, actor: User, alias: string, templateId: string | undefined): Promise<void> {
  const shop = await requireShopAccess(db, actor, alias, 'delete');
  if (templateId !== undefined && shop.templateId !== templateId) throw new HttpError(400, SHOP_MESSAGES.notATemplate);
  const removed = await db.transaction(async (tx) => {
    const files = await tx.delete(media).where(eq(media.shopAlias, alias)).returning({ fileName: media.fileName });
    await tx.delete(shops).where(eq(shops.id, shop.id));
    return files;
  });
  await removeMediaFiles(
    storage,
    removed.map((row) => row.fileName),
  );
}

/** POST /v1/shops/{alias}/check-enable: whether the shop has all it needs to be enabled. */
export async function checkEnable(db: Database, actor: User, alias: string): Promise<{ canEnable: boolean; message: string | null }> {
  const message = enableProblem(await requireShopAccess(db, actor, alias, 'read'));
  return { canEnable: message === null, message };
}

export async function listUserShops(db: Database, actor: User, userId: number, page: number, limit: number): Promise<{ data: Shop[]; total: number }> {
  requireSelfOrSovereign(actor, userId);
  const rows = await db
    .select()
    .from(shops)
    .where(eq(shops.ownerUserId, userId))
    .orderBy(desc(shops.createdAt), desc(shops.id))
    .limit(limit)
    .offset(page * limit);
  const [total] = await db.select({ n: count() }).from(shops).where(eq(shops.ownerUserId, userId));
  return { data: await Promise.all(rows.map((row) => toShop(db, row))), total: total?.n ?? 0 };
}
