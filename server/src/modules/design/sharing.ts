/**
 * The public page's settings and data, who may read a design, and design versions as branches
 * (issue 14).
 *
 * - Public link (default off, DEFAULT_PUBLIC_LINK): anyone may open `/apps/{alias}/public` and its Open Graph image,
 *   and read the shop's design documents; an owner or manager may turn it off (404 with a clear
 *   message from then on).
 * - Design reads (mayReadDesign): whoever may see the shop (view right, owner, SOVEREIGN), anyone
 *   while the public link is on, anyone holding the shop's preview key (the QR code's `/test/preview`
 *   URL carries it as `p`), and for a template shop anyone while the template is published (else its
 *   owner or a SOVEREIGN: templates/documents.ts). The key is random, kept here, made on
 *   first need and rotated by an owner or manager.
 * - Versions: the shop's realtime documents `apps/production/{alias}/{version}`. Duplicating one
 *   makes the next free version (not default); making one the default flips isDefault on every
 *   version in one transaction. Each change is one more revision of the documents it touches,
 *   broadcast to their rooms by the caller.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { DesignVersion } from '@contract/design/versions';
import { PREVIEW_KEY_LENGTH, type PublicShop, type Sharing, type SharingUpdate } from '@contract/design/sharing';
import { DESIGN_MESSAGES } from '@contract/design/paths';
import { designPath, type RealtimeSnapshot } from '@contract/design/realtime';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { DEFAULT_PUBLIC_LINK, currencies, designAuthors, designBranches, realtimeNodes, shopSharing, shops, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { checkShopAccess, collaboratorRights, mayActOnShop, requireShopAccess, type ShopRow } from '../../shop-access/access';
import { SHOP_MESSAGES } from '../../shop-access/messages';
import { requireVisibleTemplate } from '../templates/index';

const MAX_VERSIONS = 20;

async function sharingOf(db: Database, shopId: number): Promise<{ publicLink: boolean; previewKey: string | null }> {
  const [row] = await db
    .select({ publicLink: shopSharing.publicLink, previewKey: shopSharing.previewKey })
    .from(shopSharing)
    .where(eq(shopSharing.shopId, shopId))
    .limit(1);
  return { publicLink: row?.publicLink ?? DEFAULT_PUBLIC_LINK, previewKey: row?.previewKey ?? null };
}

async function publicLinkOf(db: Database, shopId: number): Promise<boolean> {
  return (await sharingOf(db, shopId)).publicLink;
}

/** 72 random bits as 12 base64url characters. */
const newPreviewKey = () => randomBytes((PREVIEW_KEY_LENGTH * 3) / 4).toString('base64url');

/** The shop's sharing, its preview key made now when it has none (two callers at once get the same key). */
async function sharingWithKey(db: Database, shopId: number): Promise<Sharing> {
  const known = await sharingOf(db, shopId);
  if (known.previewKey) return { publicLink: known.publicLink, previewKey: known.previewKey };
  await db.insert(shopSharing).values({ shopId, previewKey: newPreviewKey() }).onConflictDoNothing();
  await db
    .update(shopSharing)
    .set({ previewKey: newPreviewKey() })
    .where(and(eq(shopSharing.shopId, shopId), isNull(shopSharing.previewKey)));
  const made = await sharingOf(db, shopId);
  if (!made.previewKey) throw new Error('preview key not stored');
  return { publicLink: made.publicLink, previewKey: made.previewKey };
}

export async function getSharing(db: Database, actor: User, alias: string): Promise<Sharing> {
  const shop = await requireShopAccess(db, actor, alias, 'read');
  return sharingWithKey(db, shop.id);
}

export async function setSharing(db: Database, actor: User, alias: string, sharing: SharingUpdate): Promise<Sharing> {
  const shop = await requireShopAccess(db, actor, alias, 'manage');
  await db
    .insert(shopSharing)
    .values({ shopId: shop.id, publicLink: sharing.publicLink })
    .onConflictDoUpdate({ target: shopSharing.shopId, set: { publicLink: sharing.publicLink } });
  return sharingWithKey(db, shop.id);
}

/** POST .../sharing/preview-key: a new key; the old one reads nothing from now on. */
export async function rotatePreviewKey(db: Database, actor: User, alias: string): Promise<Sharing> {
  const shop = await requireShopAccess(db, actor, alias, 'manage');
  const previewKey = newPreviewKey();
  await db.insert(shopSharing).values({ shopId: shop.id, previewKey }).onConflictDoUpdate({ target: shopSharing.shopId, set: { previewKey } });
  return { publicLink: await publicLinkOf(db, shop.id), previewKey };
}

const sameKey = (given: string, stored: string) => given.length === stored.length && timingSafeEqual(Buffer.from(given), Buffer.from(stored));

/**
 * May `actor` (null: signed out) holding `key` read the design documents of `alias`? Throws 404
 * for an unknown shop, 401 (signed out) or 403 otherwise; see the module comment for who may.
 */
export async function mayReadDesign(db: Database, actor: User | null, alias: string, key: string | undefined): Promise<void> {
  const [shop] = await db.select().from(shops).where(eq(shops.alias, alias)).limit(1);
  if (!shop) throw new HttpError(404, SHOP_MESSAGES.notFound);
  if (shop.isTemplate) return requireVisibleTemplate(db, actor, shop.templateId ?? '');
  if (actor && mayActOnShop(actor, shop, 'read', await collaboratorRights(db, shop.id, actor.id))) return;
  const sharing = await sharingOf(db, shop.id);
  if (sharing.publicLink) return;
  if (key && sharing.previewKey && sameKey(key, sharing.previewKey)) return;
  throw new HttpError(actor ? 403 : 401, DESIGN_MESSAGES.designPrivate);
}

/** Does `key` open the design of `alias` (its current preview key)? */
export async function previewKeyMatches(db: Database, alias: string, key: string): Promise<boolean> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.alias, alias)).limit(1);
  if (!shop) return false;
  const { previewKey } = await sharingOf(db, shop.id);
  return Boolean(previewKey && sameKey(key, previewKey));
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

type NodeRow = { path: string; value: unknown; revision: number; updatedAt: Date };

export async function versionNodes(db: Database, alias: string): Promise<NodeRow[]> {
  const rows = await db
    .select({ path: realtimeNodes.path, value: realtimeNodes.value, revision: realtimeNodes.revision, updatedAt: realtimeNodes.updatedAt })
    .from(realtimeNodes)
    .where(like(realtimeNodes.path, `${escapeLike(designPath(alias, ''))}%`))
    .orderBy(asc(realtimeNodes.path));
  return rows.filter((row) => /^\d+$/.test(row.path.split('/')[3] ?? '') && row.path.split('/').length === 4 && row.value !== null);
}

const versionOf = (path: string) => Number(path.split('/')[3]);
const isDefaultOf = (value: unknown) => (value as { isDefault?: unknown } | null)?.isDefault === true;

/** The default version: the one marked isDefault (the lowest if several), else the lowest, else 0. */
export function defaultVersionOf(nodes: NodeRow[]): { version: number; value: unknown } {
  const sorted = [...nodes].sort((a, b) => versionOf(a.path) - versionOf(b.path));
  const chosen = sorted.find((node) => isDefaultOf(node.value)) ?? sorted[0];
  return chosen ? { version: versionOf(chosen.path), value: chosen.value } : { version: 0, value: null };
}

export async function listVersions(db: Database, actor: User, alias: string): Promise<DesignVersion[]> {
  await checkShopAccess(db, actor, alias, 'read');
  const nodes = await versionNodes(db, alias);
  const authors = await db
    .select({ path: designAuthors.path, firstName: users.firstName, lastName: users.lastName })
    .from(designAuthors)
    .innerJoin(users, eq(users.id, designAuthors.userId))
    .where(like(designAuthors.path, `${escapeLike(designPath(alias, ''))}%`));
  const byPath = new Map(authors.map((row) => [row.path, `${row.firstName} ${row.lastName}`.trim()]));
  const fallback = defaultVersionOf(nodes).version;
  const anyDefault = nodes.some((node) => isDefaultOf(node.value));
  return nodes
    .map((node) => ({
      version: versionOf(node.path),
      isDefault: anyDefault ? isDefaultOf(node.value) && versionOf(node.path) === fallback : versionOf(node.path) === fallback,
      revision: node.revision,
      updatedAt: node.updatedAt.toISOString(),
      lastEditor: byPath.get(node.path) ?? null,
    }))
    .sort((a, b) => a.version - b.version);
}

/** POST /versions {from}: a copy of version `from` as the next free version (not the default). */
export async function duplicateVersion(
  db: Database,
  actor: User,
  alias: string,
  from: number,
): Promise<{ version: DesignVersion; snapshot: RealtimeSnapshot }> {
  await checkShopAccess(db, actor, alias, 'write');
  return db.transaction(async (tx) => {
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.alias, alias)).for('update');
    const nodes = await versionNodes(tx as unknown as Database, alias);
    const source = nodes.find((node) => versionOf(node.path) === from);
    if (!source) throw new HttpError(404, DESIGN_MESSAGES.versionNotFound);
    if (nodes.length >= MAX_VERSIONS) throw new HttpError(409, DESIGN_MESSAGES.versionsLimit);
    const version = Math.max(...nodes.map((node) => versionOf(node.path))) + 1;
    const path = designPath(alias, version);
    const value = { ...(source.value as Record<string, unknown>), isDefault: false, version };
    const [row] = await tx
      .insert(realtimeNodes)
      .values({ path, value, revision: 1 })
      .onConflictDoUpdate({ target: realtimeNodes.path, set: { value, revision: 1 } })
      .returning();
    await tx
      .insert(designAuthors)
      .values({ path, userId: actor.id })
      .onConflictDoUpdate({ target: designAuthors.path, set: { userId: actor.id } });
    // What the branch starts from, so a merge knows what each side changed since (branches.ts).
    const base = ((source.value as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>;
    await tx
      .insert(designBranches)
      .values({ path, fromVersion: from, base })
      .onConflictDoUpdate({ target: designBranches.path, set: { fromVersion: from, base, updatedAt: new Date() } });
    const updatedAt = (row?.updatedAt ?? new Date()).toISOString();
    return {
      version: { version, isDefault: false, revision: 1, updatedAt, lastEditor: `${actor.firstName} ${actor.lastName}`.trim() },
      snapshot: { path, value, revision: 1 },
    };
  });
}

/** PUT /versions/{version}/default: that version becomes the default, every other one not. */
export async function makeDefaultVersion(db: Database, actor: User, alias: string, version: number): Promise<RealtimeSnapshot[]> {
  await checkShopAccess(db, actor, alias, 'write');
  return db.transaction(async (tx) => {
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.alias, alias)).for('update');
    const nodes = await versionNodes(tx as unknown as Database, alias);
    if (!nodes.some((node) => versionOf(node.path) === version)) throw new HttpError(404, DESIGN_MESSAGES.versionNotFound);
    const changed: RealtimeSnapshot[] = [];
    for (const node of nodes) {
      const wanted = versionOf(node.path) === version;
      if (isDefaultOf(node.value) === wanted) continue;
      const value = { ...(node.value as Record<string, unknown>), isDefault: wanted };
      const [row] = await tx
        .update(realtimeNodes)
        .set({ value, revision: node.revision + 1 })
        .where(and(eq(realtimeNodes.path, node.path), eq(realtimeNodes.revision, node.revision)))
        .returning({ revision: realtimeNodes.revision });
      if (!row) throw new HttpError(409, SHOP_MESSAGES.configConflict);
      changed.push({ path: node.path, value, revision: row.revision });
      if (wanted) {
        const data = (value as { data?: Record<string, unknown> }).data ?? {};
        await tx.update(shops).set({ config: data }).where(eq(shops.alias, alias));
      }
    }
    return changed;
  });
}

/** Records who wrote the last edit of a design document (called after every applied edit). */
export async function recordAuthor(db: Database, path: string, userId: number): Promise<void> {
  await db
    .insert(designAuthors)
    .values({ path, userId })
    .onConflictDoUpdate({ target: designAuthors.path, set: { userId, updatedAt: new Date() } });
}

/** GET /v1/public/shops/{alias}: the default design for anyone with the link (404 when turned off). */
export async function publicShop(db: Database, alias: string): Promise<PublicShop & { shop: ShopRow }> {
  const [shop] = await db.select().from(shops).where(eq(shops.alias, alias)).limit(1);
  if (!shop) throw new HttpError(404, SHOP_MESSAGES.notFound);
  // A template's design is anyone's to read (mayReadDesign), so its page is public too.
  if (!shop.isTemplate && !(await publicLinkOf(db, shop.id))) throw new HttpError(404, DESIGN_MESSAGES.publicOff);
  const [currency] = await db.select({ symbol: currencies.symbol }).from(currencies).where(eq(currencies.id, shop.currencyId)).limit(1);
  const chosen = defaultVersionOf(await versionNodes(db, alias));
  const data = (chosen.value as { data?: Record<string, unknown> } | null)?.data ?? shop.config ?? null;
  return {
    shop,
    alias: shop.alias,
    name: shop.name,
    logo: shop.logo,
    slogan: shop.slogan,
    currencySymbol: currency?.symbol ?? '$',
    version: chosen.version,
    config: data,
    imageUrl: `/v1/public/shops/${shop.alias}/og-image.png`,
  };
}
