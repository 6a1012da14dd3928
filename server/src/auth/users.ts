/** The one mapping from a users row to the contract's User: never the hash or session data. */
import { eq } from 'drizzle-orm';
import type { AuthResult } from '@contract/auth/schemas';
import type { User } from '@contract/users/schemas';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { userRoles, users } from '../db/schema';
import { signUserToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow, roles: { roleId: number }[]): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNo: row.phoneNo,
    profilePix: row.profilePix,
    avatar: row.avatar,
    fcmId: row.fcmId,
    deviceId: row.deviceId,
    role: 'user',
    requiresVerification: row.requiresVerification,
    facebookId: row.facebookId,
    userroles: roles,
    referralCode: row.referralCode,
  };
}

export async function findUserRow(db: Database, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export function rolesOf(db: Database, userId: number): Promise<{ roleId: number }[]> {
  return db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.roleId);
}

export async function loadUser(db: Database, userId: number): Promise<User | null> {
  const row = await findUserRow(db, userId);
  return row ? toUser(row, await rolesOf(db, userId)) : null;
}

/** A new session for a user row: the user and a token of its current session version. */
export async function sessionFor(config: Config, row: UserRow, roles: { roleId: number }[]): Promise<AuthResult> {
  return { user: toUser(row, roles), token: await signUserToken(config, row.id, row.sessionVersion) };
}
