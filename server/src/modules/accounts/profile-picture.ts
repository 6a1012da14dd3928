/**
 * Profile pictures: the bytes are checked against the declared type, stored under a random
 * name in DATA_DIR/uploads/avatars and served from /uploads (names never repeat, so forever-cacheable).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { User } from '@contract/accounts';
import { PROFILE_PICTURE_TYPES } from '@contract/accounts';
import { findUserRow, loadUser } from '../../auth/users';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { ACCOUNT_MESSAGES } from './messages';
import { requireSelfOrSovereign } from './service';

export type PictureType = (typeof PROFILE_PICTURE_TYPES)[number];

export const AVATARS_URL = '/uploads/avatars';

const EXTENSIONS: Record<PictureType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

const startsWith = (bytes: Buffer, prefix: string | number[], offset = 0) => {
  const expected = typeof prefix === 'string' ? Buffer.from(prefix, 'latin1') : Buffer.from(prefix);
  return bytes.length >= offset + expected.length && bytes.subarray(offset, offset + expected.length).equals(expected);
};

/** True when the file signature of `bytes` is that of `type`. */
export function matchesPictureType(bytes: Buffer, type: PictureType): boolean {
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

export function isPictureType(value: string): value is PictureType {
  return (PROFILE_PICTURE_TYPES as readonly string[]).includes(value);
}

export async function setProfilePicture(
  db: Database,
  uploadsDir: string,
  actor: User,
  userId: number,
  type: string,
  bytes: Buffer,
): Promise<User> {
  requireSelfOrSovereign(actor, userId);
  const previous = await findUserRow(db, userId);
  if (!previous) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
  if (!isPictureType(type) || !matchesPictureType(bytes, type)) throw new HttpError(400, ACCOUNT_MESSAGES.pictureType);

  const dir = path.join(uploadsDir, 'avatars');
  const name = `${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
  await mkdir(dir, { recursive: true });
  // Written aside then renamed: a half-written picture is never served.
  const temporary = path.join(dir, `.${name}.tmp`);
  await writeFile(temporary, bytes);
  await rename(temporary, path.join(dir, name));
  await db.update(users).set({ profilePix: `${AVATARS_URL}/${name}` }).where(eq(users.id, userId));

  if (previous.profilePix?.startsWith(`${AVATARS_URL}/`)) {
    // basename: a stored value can never point the deletion outside the avatars folder.
    await rm(path.join(dir, path.basename(previous.profilePix)), { force: true });
  }
  const user = await loadUser(db, userId);
  if (!user) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound);
  return user;
}
