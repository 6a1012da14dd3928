/** A shop's media library (spec section 7): list and upload, and a merchant's uploads before the shop exists. */
import path from 'node:path';
import { and, count, desc, eq, ilike, isNull, lt } from 'drizzle-orm';
import { UPLOADS_PATH } from '@contract/pages';
import type { ShopMedia } from '@contract/shops/schemas';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { media } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { isShopMediaType, matchesImageType, removeMediaFiles, storeMedia } from '../../media/store';
import type { FileStorage } from '../../storage/port';
import { checkShopAccess } from '../../shop-access/access';
import { SHOP_MESSAGES } from '../../shop-access/messages';

/** Uploads of a merchant not yet attached to a shop, kept at most (older ones are removed). */
const PENDING_MEDIA_KEPT = 5;

const mediaUrl = (fileName: string) => path.posix.join(UPLOADS_PATH, fileName);

function toMedia(row: typeof media.$inferSelect): ShopMedia {
  return {
    id: row.id,
    url: mediaUrl(row.fileName),
    name: row.label,
    contentType: row.contentType,
    byteSize: row.byteSize,
    createdAt: row.createdAt.toISOString(),
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listShopMedia(
  db: Database,
  actor: User,
  alias: string,
  query: { page: number; limit: number; keyword?: string },
): Promise<{ data: ShopMedia[]; total: number }> {
  await checkShopAccess(db, actor, alias, 'read');
  const where = and(eq(media.shopAlias, alias), eq(media.kind, 'shop-media'), query.keyword ? ilike(media.label, `%${escapeLike(query.keyword)}%`) : undefined);
  const rows = await db
    .select()
    .from(media)
    .where(where)
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(query.limit)
    .offset(query.page * query.limit);
  const [total] = await db.select({ n: count() }).from(media).where(where);
  return { data: rows.map(toMedia), total: total?.n ?? 0 };
}

/** Checks an upload: a PNG, JPEG or WebP whose bytes are what its Content-Type says. */
function checkedImage(type: string, bytes: Buffer) {
  if (!isShopMediaType(type) || !matchesImageType(bytes, type)) throw new HttpError(415, SHOP_MESSAGES.mediaType);
  return type;
}

/** Uploads into the shop's media library (alias), or, before the shop exists, as the actor's pending upload. */
export async function uploadShopMedia(
  db: Database,
  storage: FileStorage,
  actor: User,
  alias: string | null,
  file: { type: string; bytes: Buffer; label: string },
): Promise<ShopMedia> {
  if (alias) await checkShopAccess(db, actor, alias, 'write');
  const type = checkedImage(file.type, file.bytes);
  const stored = await storeMedia(db, storage, { ownerUserId: actor.id, shopAlias: alias, kind: 'shop-media', type, bytes: file.bytes, label: file.label });
  if (!alias) {
    // A merchant who uploads logo after logo before creating a shop keeps only the latest few.
    // Only rows older than the kept window go, so a parallel upload's newer row is never removed.
    const keep = await db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.ownerUserId, actor.id), isNull(media.shopAlias), eq(media.kind, 'shop-media')))
      .orderBy(desc(media.id))
      .limit(PENDING_MEDIA_KEPT);
    const oldestKept = keep.length === PENDING_MEDIA_KEPT ? keep[keep.length - 1]?.id : undefined;
    const stale =
      oldestKept === undefined
        ? []
        : await db
            .delete(media)
            .where(and(eq(media.ownerUserId, actor.id), isNull(media.shopAlias), eq(media.kind, 'shop-media'), lt(media.id, oldestKept)))
            .returning({ fileName: media.fileName });
    await removeMediaFiles(
      storage,
      stale.map((row) => row.fileName),
    );
  }
  return toMedia(stored);
}
