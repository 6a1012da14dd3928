/** Spec section 3 Credit: the user's balance in minor units, created at 0 on first use. */
import { eq } from 'drizzle-orm';
import type { Credit } from '@contract/credits/schemas';
import type { Database } from '../../db/database';
import { credits } from '../../db/schema';

export async function creditOf(db: Database, userId: number): Promise<Credit> {
  // Insert-if-absent then read: concurrent first calls cannot create two rows or fail.
  await db.insert(credits).values({ userId }).onConflictDoNothing({ target: credits.userId });
  const [row] = await db.select({ id: credits.id, value: credits.value }).from(credits).where(eq(credits.userId, userId)).limit(1);
  if (!row) throw new Error('credit row missing after insert');
  return row;
}
