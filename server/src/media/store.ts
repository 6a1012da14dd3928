/**
 * Uploaded files in the file storage under `uploads/` (DATA_DIR/uploads, or the bucket), each
 * recorded in the media table with its owner. The server picks every stored name (random, with
 * the extension of the checked type), and a file is deleted only through a media row of its
 * owner: a value a client typed can never name a file.
 */
import { randomBytes } from 'node:crypto';
import { SHOP_MEDIA_TYPES } from '@contract/shops/paths';
import { PROFILE_PICTURE_TYPES } from '@contract/users/paths';
import type { Database } from '../db/database';
import { media, type MediaKind } from '../db/schema';
import type { FileStorage } from '../storage/port';

type ImageType = (typeof PROFILE_PICTURE_TYPES)[number];

const IMAGE_EXTENSIONS: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** Folder of each kind under uploads/. */
const FOLDERS: Record<MediaKind, string> = { 'profile-picture': 'avatars', 'shop-media': 'shop-media' };

/** Names the server gives stored files: `<folder>/<32 hex>.<extension>`. */
export const STORED_NAME = /^(avatars|shop-media)\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

const startsWith = (bytes: Buffer, prefix: string | number[], offset = 0) => {
  const expected = typeof prefix === 'string' ? Buffer.from(prefix, 'latin1') : Buffer.from(prefix);
  return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
};

/** True when the file signature of `bytes` is that of `type`. */
export function matchesImageType(bytes: Buffer, type: ImageType): boolean {
  switch (type) {
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'image/gif':
      return startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a');
    case 'image/webp':
      return startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8);
  }
}

/** Shop media accept fewer types than profile pictures (no GIF); SVG is never accepted. */
export function isShopMediaType(value: string): value is (typeof SHOP_MEDIA_TYPES)[number] {
  return (SHOP_MEDIA_TYPES as readonly string[]).includes(value);
}

export function isImageType(value: string): value is ImageType {
  return (PROFILE_PICTURE_TYPES as readonly string[]).includes(value);
}

type StoredMedia = typeof media.$inferSelect;

/** The storage key of a stored name (`avatars/<hex>.png` -> `uploads/avatars/<hex>.png`). */
export const uploadKey = (fileName: string) => `uploads/${fileName}`;

/** Stores the bytes under a new random name of `kind`'s folder and returns that name. */
export async function writeMediaFile(storage: FileStorage, kind: MediaKind, type: ImageType, bytes: Buffer): Promise<string> {
  const fileName = `${FOLDERS[kind]}/${randomBytes(16).toString('hex')}.${IMAGE_EXTENSIONS[type]}`;
  await storage.put(uploadKey(fileName), bytes, type);
  return fileName;
}

/**
 * Deletes stored files by name; the check keeps a damaged row from reaching outside the uploads.
 * Their rows are gone already, so a store that fails now leaves only an orphan file no name ever
 * reaches again: the caller's change stands (and says nothing of it).
 */
export async function removeMediaFiles(storage: FileStorage, fileNames: readonly string[]): Promise<void> {
  for (const fileName of fileNames) {
    if (STORED_NAME.test(fileName)) await storage.remove(uploadKey(fileName)).catch(() => undefined);
  }
}

/** Stores the bytes under a new random name and records the row; the file is there before the row. */
export async function storeMedia(db: Database, storage: FileStorage, file: MediaFile & { bytes: Buffer }): Promise<StoredMedia> {
  return recordMedia(db, await writeMediaFile(storage, file.kind, file.type, file.bytes), { ...file, byteSize: file.bytes.length });
}

type MediaFile = { ownerUserId: number; shopAlias?: string | null; kind: MediaKind; type: ImageType; label?: string };

/** Records the media row of a file writeMediaFile stored as `fileName` (in a transaction, if `db` is one). */
export async function recordMedia(db: Database, fileName: string, file: MediaFile & { byteSize: number }): Promise<StoredMedia> {
  const [row] = await db
    .insert(media)
    .values({
      ownerUserId: file.ownerUserId,
      shopAlias: file.shopAlias ?? null,
      kind: file.kind,
      label: file.label ?? '',
      fileName,
      contentType: file.type,
      byteSize: file.byteSize,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}
