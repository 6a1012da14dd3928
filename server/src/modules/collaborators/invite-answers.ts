/**
 * Answering an invite (spec section 6; issue 27): what an invite link is (verify), and accepting
 * or declining it. Answering proves control of the invited mailbox: either the e-mailed token (its
 * secret only ever goes to that mailbox), or a signed-in account whose verified address is the
 * invited one, naming the invite by its reference (`{inviteId}.{alias}`, what an invite
 * notification carries as meta.inviteToken). An unverified account with the address is not proof.
 * HTTP-free.
 */
import { and, eq, gt } from 'drizzle-orm';
import { COLLABORATOR_MESSAGES, type AcceptDeclineAnswer, type InviteCheck, parseInviteToken } from '@contract/collaborators/schemas';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { collaboratorInvites, inviteHistory, shopCollaborators, shops } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { ShopRow } from '../../shop-access/access';
import { fullName, usersById } from './people';
import { type CollaboratorDeps, hashToken, type InviteRow, resolveInviteNotifications, statusOf } from './invites';

function problemOf(row: InviteRow, email: string | undefined): string | null {
  const status = statusOf(row);
  if (status === 'expired') return COLLABORATOR_MESSAGES.expired;
  if (status === 'revoked') return COLLABORATOR_MESSAGES.revoked;
  if (status !== 'open') return COLLABORATOR_MESSAGES.used;
  if (email !== undefined && email.toLowerCase() !== row.email) return COLLABORATOR_MESSAGES.wrongAddress;
  return null;
}

interface FoundInvite {
  row: InviteRow;
  shop: ShopRow;
  /** Named by its reference, not its token: only a verified account with the invited address may answer. */
  byReference: boolean;
}

/**
 * The invite a token or a reference names (404 'This invite link is not valid' otherwise). A
 * reference is known only to the invited address: anyone else (or no one signed in) gets the 404.
 */
async function findInvite(db: Database, actor: User | null, alias: string, token: string): Promise<FoundInvite> {
  const parsed = parseInviteToken(token);
  const [found] = await db
    .select({ row: collaboratorInvites, shop: shops })
    .from(collaboratorInvites)
    .innerJoin(shops, eq(shops.id, collaboratorInvites.shopId))
    .where(parsed && !parsed.secret ? eq(collaboratorInvites.id, parsed.inviteId) : eq(collaboratorInvites.tokenHash, hashToken(token)))
    .limit(1);
  const byReference = parsed !== null && !parsed.secret;
  if (!found || found.shop.alias !== alias) throw new HttpError(404, COLLABORATOR_MESSAGES.invalidToken);
  if (byReference && actor?.email.toLowerCase() !== found.row.email) throw new HttpError(404, COLLABORATOR_MESSAGES.invalidToken);
  return { ...found, byReference };
}

/** Why `actor` may not answer an invite named by its reference: their address is not verified yet. */
const unprovenProblem = (found: FoundInvite, actor: User | null) =>
  found.byReference && actor?.requiresVerification !== false ? COLLABORATOR_MESSAGES.verifyFirst : null;

/** POST /invites/{inviteId}/verify {token, email?}: what the join page shows (anonymous callers too, with the e-mailed token). */
export async function verifyInvite(
  db: Database,
  actor: User | null,
  alias: string,
  inviteId: number,
  token: string,
  email: string | undefined,
): Promise<InviteCheck> {
  const found = await findInvite(db, actor, alias, token);
  const { row, shop } = found;
  if (row.id !== inviteId) throw new HttpError(404, COLLABORATOR_MESSAGES.invalidToken);
  const people = await usersById(db, [row.invitedBy]);
  const inviter = row.invitedBy === null ? undefined : people.get(row.invitedBy);
  return {
    inviteId: row.id,
    shopAlias: shop.alias,
    shopName: shop.name,
    shopLogo: shop.logo,
    invitedBy: inviter ? fullName(inviter) : 'A merchant',
    email: row.email,
    status: statusOf(row),
    accessRights: row.accessRights,
    expiresAt: row.expiresAt.toISOString(),
    problem: problemOf(row, email) ?? unprovenProblem(found, actor),
  };
}

/**
 * PUT /invites/accept-decline {token, status}: the invitee (signed in with the invited address)
 * answers, with the e-mailed token or, once their address is verified, the invite's reference;
 * single use.
 */
export async function answerInvite(
  deps: CollaboratorDeps,
  actor: User,
  alias: string,
  token: string,
  status: 'accepted' | 'declined',
): Promise<AcceptDeclineAnswer> {
  const { db } = deps;
  const found = await findInvite(db, actor, alias, token);
  const { row, shop } = found;
  const unproven = unprovenProblem(found, actor);
  if (unproven) throw new HttpError(403, unproven);
  const email = actor.email.toLowerCase();
  const result = await db.transaction(async (tx) => {
    // The one conditional UPDATE that makes the link single-use: of two parallel answers one wins.
    const [claimed] = await tx
      .update(collaboratorInvites)
      .set({ status })
      .where(
        and(
          eq(collaboratorInvites.id, row.id),
          eq(collaboratorInvites.status, 'open'),
          gt(collaboratorInvites.expiresAt, new Date()),
          eq(collaboratorInvites.email, email),
        ),
      )
      .returning();
    if (!claimed) return null;
    if (status === 'accepted' && shop.ownerUserId !== actor.id) {
      await tx
        .insert(shopCollaborators)
        .values({ shopId: shop.id, userId: actor.id, accessRights: claimed.accessRights, invitedBy: claimed.invitedBy })
        .onConflictDoUpdate({ target: [shopCollaborators.shopId, shopCollaborators.userId], set: { accessRights: claimed.accessRights } });
    }
    return claimed;
  });
  if (!result) {
    const problem = problemOf(row, email) ?? COLLABORATOR_MESSAGES.used;
    throw new HttpError(problem === COLLABORATOR_MESSAGES.wrongAddress ? 403 : problem === COLLABORATOR_MESSAGES.expired ? 410 : 409, problem);
  }
  await resolveInviteNotifications(deps, email, shop.alias);
  await db.insert(inviteHistory).values({ userId: actor.id, shopAlias: shop.alias, inviteToken: row.tokenHash, status });
  return { status, shopAlias: shop.alias, shopName: shop.name };
}
