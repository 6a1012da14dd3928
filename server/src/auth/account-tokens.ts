/**
 * One-time links (verify e-mail, reset password). The raw token exists only in the e-mail;
 * the database keeps its sha256, so a leaked table cannot be used to take over accounts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { accountTokens, type AccountTokenPurpose } from '../db/schema';

const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  'verify-email': 7 * 24 * 3600 * 1000,
  'reset-password': 3600 * 1000,
};

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueAccountToken(db: Database, userId: number, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Marks an open, unexpired token used and answers its user id; null when there is none. One
 * conditional UPDATE, so two concurrent uses of one link cannot both succeed.
 */
export async function consumeAccountToken(db: Database, token: string, purpose: AccountTokenPurpose): Promise<number | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId ?? null;
}

/** Closes every open token of a user for one purpose (a reset spends all older reset links). */
export async function closeAccountTokens(db: Database, userId: number, purpose: AccountTokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
