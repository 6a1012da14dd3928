/**
 * Addresses an account logged in from successfully, kept as an HMAC (never the address itself):
 * for KNOWN_ADDRESS_DAYS they are exempt from the account-wide login limit.
 */
import { createHmac } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { loginAddresses } from '../db/schema';
import { KNOWN_ADDRESS_DAYS } from './limits';

export function addressHash(config: Pick<Config, 'JWT_SECRET'>, address: string): string {
  return createHmac('sha256', config.JWT_SECRET).update(`login-address\n${address}`).digest('base64url');
}

export async function isKnownAddress(db: Database, userId: number, hash: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: loginAddresses.userId })
    .from(loginAddresses)
    .where(
      and(
        eq(loginAddresses.userId, userId),
        eq(loginAddresses.addressHash, hash),
        gt(loginAddresses.lastLoginAt, sql`now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function rememberAddress(db: Database, userId: number, hash: string): Promise<void> {
  await db
    .insert(loginAddresses)
    .values({ userId, addressHash: hash })
    .onConflictDoUpdate({ target: [loginAddresses.userId, loginAddresses.addressHash], set: { lastLoginAt: sql`now()` } });
}
