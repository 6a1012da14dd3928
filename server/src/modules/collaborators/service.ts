/** Collaborator invites a user has seen; the portal clears them at every login (spec section 4). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { inviteHistory } from '../../db/schema';

export async function deleteInviteHistory(db: Database, userId: number): Promise<{ deleted: number }> {
  const deleted = await db.delete(inviteHistory).where(eq(inviteHistory.userId, userId)).returning({ id: inviteHistory.id });
  return { deleted: deleted.length };
}
