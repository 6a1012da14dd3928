/** Users (spec section 7): the profile, its picture and finding a user by e-mail. HTTP-free. */
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { UPLOADS_PATH } from '@contract/pages';
import type { PublicUser, UpdateUserPayload, User } from '@contract/users/schemas';
import { requireSelfOrSovereign } from '../../auth/guards';
import { findUserRow, loadUser } from '../../auth/users';
import type { Database } from '../../db/database';
import { media, userRoles, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { isImageType, matchesImageType, recordMedia, removeMediaFiles, writeMediaFile } from '../../media/store';
import type { FileStorage } from '../../storage/port';
import { USER_MESSAGES } from './messages';

export async function updateUser(db: Database, actor: User, userId: number, patch: UpdateUserPayload): Promise<User> {
  requireSelfOrSovereign(actor, userId);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) await db.update(users).set(changes).where(eq(users.id, userId));
  const user = await loadUser(db, userId);
  if (!user) throw new HttpError(404, USER_MESSAGES.userNotFound);
  return user;
}

export async function findUser(db: Database, email: string): Promise<PublicUser> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, profilePix: users.profilePix })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!row) throw new HttpError(404, USER_MESSAGES.noUserWithEmail);
  return row;
}

/**
 * Stores a new profile picture of `userId` (checked against its declared type), points the
 * profile at it, and deletes that user's other pictures: only files recorded as theirs.
 */
export async function setProfilePicture(db: Database, storage: FileStorage, actor: User, userId: number, type: string, bytes: Buffer): Promise<User> {
  requireSelfOrSovereign(actor, userId);
  if (!(await findUserRow(db, userId))) throw new HttpError(404, USER_MESSAGES.userNotFound);
  if (!isImageType(type) || !matchesImageType(bytes, type)) throw new HttpError(400, USER_MESSAGES.pictureType);

  const fileName = await writeMediaFile(storage, 'profile-picture', type, bytes);
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      // One picture change per user at a time (the user's row is locked): the last upload to take
      // the lock is the profile's picture and every other one is gone, whatever order ids came in.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const row = await recordMedia(tx, fileName, { ownerUserId: userId, kind: 'profile-picture', type, byteSize: bytes.length });
      await tx
        .update(users)
        .set({ profilePix: path.posix.join(UPLOADS_PATH, fileName) })
        .where(eq(users.id, userId));
      const removed = await tx
        .delete(media)
        .where(and(eq(media.ownerUserId, userId), eq(media.kind, 'profile-picture'), ne(media.id, row.id)))
        .returning({ fileName: media.fileName });
      return removed.map((other) => other.fileName);
    });
  } catch (error) {
    await removeMediaFiles(storage, [fileName]);
    throw error;
  }
  await removeMediaFiles(storage, replaced);
  const user = await loadUser(db, userId);
  if (!user) throw new HttpError(404, USER_MESSAGES.userNotFound);
  return user;
}

/** Gives the user with `email` the role `roleId` (idempotent); used by the grant-role CLI. */
export async function grantRole(db: Database, email: string, roleId: number): Promise<User> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  if (!row) throw new HttpError(404, USER_MESSAGES.userNotFound);
  await db.insert(userRoles).values({ userId: row.id, roleId }).onConflictDoNothing();
  const user = await loadUser(db, row.id);
  if (!user) throw new HttpError(404, USER_MESSAGES.userNotFound);
  return user;
}
