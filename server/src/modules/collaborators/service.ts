/**
 * Collaborators and invites (spec sections 3, 4, 6 and 7; issue 14). Rights are enforced by
 * requireShopAccess (shop-access/access.ts): read to see, manage to change. Invites are
 * single-use, expiring links; their token is kept only as its SHA-256. HTTP-free.
 *
 * Answering an invite proves control of the invited mailbox (issue 27): either the e-mailed token
 * (its secret only ever goes to that mailbox), or a signed-in account whose verified address is
 * the invited one, naming the invite by its reference (`{inviteId}.{alias}`, what an invite
 * notification carries as meta.inviteToken). An unverified account with the address is not proof.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import {
  COLLABORATOR_LIMITS,
  COLLABORATOR_MESSAGES,
  DEFAULT_ACCESS_RIGHTS,
  roleOf,
  type AcceptDeclineAnswer,
  type AccessRights,
  type Collaborator,
  type Invite,
  type InviteCheck,
  type InviteStatus,
  type Person,
  type ShopAccess,
  type ShopCollaboration,
  inviteReference,
  parseInviteToken,
} from '@contract/collaborators/schemas';
import { JOIN_PROJECT_PAGE } from '@contract/collaborators/paths';
import type { User } from '@contract/users/schemas';
import { requireSelfOrSovereign } from '../../auth/guards';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { collaboratorInviteSends, collaboratorInvites, inviteHistory, notifications as notificationRows, shopCollaborators, shops, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { portalLink } from '../../mail/links';
import { trySend, type MailDeps } from '../../mail/send';
import { collaboratorInviteEmail } from '../../mail/templates';
import type { Notifications } from '../../deps';
import { effectiveRights, requireShopAccess, shopRelation, type ShopRow } from '../../shop-access/access';

export interface CollaboratorDeps extends MailDeps {
  db: Database;
  config: Pick<Config, 'PUBLIC_ORIGIN'>;
  notifications: Notifications;
}

type InviteRow = typeof collaboratorInvites.$inferSelect;
type CollaboratorRow = typeof shopCollaborators.$inferSelect;
type UserRow = typeof users.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** An invite token names its invite and shop (so `/join-project?token=` alone is enough): `{inviteId}.{alias}.{secret}`. */
const newToken = (inviteId: number, alias: string) => `${inviteId}.${alias}.${randomBytes(32).toString('base64url')}`;
const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

function toPerson(user: UserRow): Person {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, profilePix: user.profilePix ?? '' };
}

async function usersById(db: Database, ids: Array<number | null>): Promise<Map<number, UserRow>> {
  const wanted = [...new Set(ids.filter((value): value is number => value !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

function statusOf(row: Pick<InviteRow, 'status' | 'expiresAt'>, now = new Date()): InviteStatus {
  if (row.status === 'open' && row.expiresAt <= now) return 'expired';
  return row.status as InviteStatus;
}

function toCollaborator(row: CollaboratorRow, alias: string, user: UserRow): Collaborator {
  return {
    id: row.id,
    shopAlias: alias,
    user: toPerson(user),
    accessRights: row.accessRights,
    role: roleOf(row.accessRights) as Collaborator['role'],
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function toInvite(row: InviteRow, alias: string, inviter: UserRow | undefined): Invite {
  return {
    id: row.id,
    shopAlias: alias,
    email: row.email,
    status: statusOf(row),
    accessRights: row.accessRights,
    invitedBy: inviter ? toPerson(inviter) : null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /v1/shops/{alias}/access: the caller's role and rights (403 for a stranger). */
export async function accessOf(db: Database, actor: User, alias: string): Promise<ShopAccess> {
  const shop = await requireShopAccess(db, actor, alias, 'read');
  const relation = await shopRelation(db, actor, shop);
  const rights = effectiveRights(actor, shop, relation.collaborator);
  if (!rights) throw new HttpError(403, COLLABORATOR_MESSAGES.collaboratorNotFound);
  return { role: relation.owner ? 'owner' : relation.collaborator ? roleOf(relation.collaborator) : 'manager', accessRights: rights, sovereign: relation.sovereign };
}

export async function listCollaborators(db: Database, actor: User, alias: string): Promise<Collaborator[]> {
  const shop = await requireShopAccess(db, actor, alias, 'read');
  const rows = await db.select().from(shopCollaborators).where(eq(shopCollaborators.shopId, shop.id)).orderBy(shopCollaborators.id);
  const people = await usersById(db, rows.map((row) => row.userId));
  return rows.flatMap((row) => {
    const user = people.get(row.userId);
    return user ? [toCollaborator(row, alias, user)] : [];
  });
}

async function collaboratorRow(db: Database, shop: ShopRow, collaboratorId: number): Promise<CollaboratorRow> {
  const [row] = await db
    .select()
    .from(shopCollaborators)
    .where(and(eq(shopCollaborators.id, collaboratorId), eq(shopCollaborators.shopId, shop.id)))
    .limit(1);
  if (!row) throw new HttpError(404, COLLABORATOR_MESSAGES.collaboratorNotFound);
  return row;
}

export async function getCollaborator(db: Database, actor: User, alias: string, collaboratorId: number): Promise<Collaborator> {
  const shop = await requireShopAccess(db, actor, alias, 'read');
  const row = await collaboratorRow(db, shop, collaboratorId);
  const user = (await usersById(db, [row.userId])).get(row.userId);
  if (!user) throw new HttpError(404, COLLABORATOR_MESSAGES.collaboratorNotFound);
  return toCollaborator(row, alias, user);
}

/** DELETE: a manager removes anyone; a collaborator may remove themself (leave). Returns the removed user's id. */
export async function removeCollaborator(db: Database, actor: User, alias: string, collaboratorId: number): Promise<{ userId: number; shopId: number }> {
  const shop = await requireShopAccess(db, actor, alias, 'read');
  const row = await collaboratorRow(db, shop, collaboratorId);
  if (row.userId !== actor.id) await requireShopAccess(db, actor, alias, 'manage');
  const [removed] = await db.delete(shopCollaborators).where(eq(shopCollaborators.id, row.id)).returning({ userId: shopCollaborators.userId });
  if (!removed) throw new HttpError(404, COLLABORATOR_MESSAGES.collaboratorNotFound);
  return { userId: removed.userId, shopId: shop.id };
}

export async function updateAccessRights(db: Database, actor: User, alias: string, collaboratorId: number, rights: AccessRights): Promise<Collaborator> {
  const shop = await requireShopAccess(db, actor, alias, 'manage');
  const row = await collaboratorRow(db, shop, collaboratorId);
  const [updated] = await db.update(shopCollaborators).set({ accessRights: rights }).where(eq(shopCollaborators.id, row.id)).returning();
  const user = (await usersById(db, [row.userId])).get(row.userId);
  if (!updated || !user) throw new HttpError(404, COLLABORATOR_MESSAGES.collaboratorNotFound);
  return toCollaborator(updated, alias, user);
}

export async function listInvites(db: Database, actor: User, alias: string): Promise<Invite[]> {
  const shop = await requireShopAccess(db, actor, alias, 'manage');
  const rows = await db.select().from(collaboratorInvites).where(eq(collaboratorInvites.shopId, shop.id)).orderBy(desc(collaboratorInvites.id));
  const people = await usersById(db, rows.map((row) => row.invitedBy));
  return rows.map((row) => toInvite(row, alias, row.invitedBy === null ? undefined : people.get(row.invitedBy)));
}

/** Resolves the invitee's open invite notifications of this shop (they answered, or the invite went). */
async function resolveInviteNotifications(deps: CollaboratorDeps, email: string, shopAlias: string): Promise<void> {
  const [invitee] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!invitee) return;
  const open = await deps.db
    .select({ id: notificationRows.id })
    .from(notificationRows)
    .where(
      and(
        eq(notificationRows.userId, invitee.id),
        eq(notificationRows.type, 'invite'),
        eq(notificationRows.status, 'open'),
        sql`${notificationRows.meta}->>'shopAlias' = ${shopAlias}`,
      ),
    );
  for (const row of open) await deps.notifications.update(invitee.id, row.id, 'resolved');
}

/** The e-mail, the notification to an existing user, and their invite history row. */
async function deliverInvite(deps: CollaboratorDeps, shop: ShopRow, inviter: User, invite: InviteRow, token: string): Promise<void> {
  const link = portalLink(deps.config, JOIN_PROJECT_PAGE, { token });
  const inviterName = fullName(inviter);
  await trySend(deps, invite.email, collaboratorInviteEmail({ inviterName, shopName: shop.name, link, expiresAt: invite.expiresAt }));
  const [invitee] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, invite.email)).limit(1);
  if (!invitee) return;
  await resolveInviteNotifications(deps, invite.email, shop.alias);
  await deps.notifications.notify(invitee.id, {
    type: 'invite',
    title: `${inviterName || 'A merchant'} invited you to design ${shop.name}`,
    body: `Accept to design ${shop.name} together.`,
    // Never the token: an account with this address has not shown it controls the mailbox.
    meta: { shopName: shop.name, inviteToken: inviteReference(invite.id, shop.alias), shopAlias: shop.alias },
  });
  await deps.db.insert(inviteHistory).values({ userId: invitee.id, shopAlias: shop.alias, inviteToken: hashToken(token), status: 'open' });
}

/** Marks open invites past their expiry as expired (so a new invite to the address may be made). */
async function expireStale(db: Database, shopId: number): Promise<void> {
  await db
    .update(collaboratorInvites)
    .set({ status: 'expired' })
    .where(and(eq(collaboratorInvites.shopId, shopId), eq(collaboratorInvites.status, 'open'), lte(collaboratorInvites.expiresAt, new Date())));
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counts `sending` more invite e-mails of the shop against its daily limit, new invites and
 * resends alike (429 past it). Called under the shop's row lock, so parallel batches cannot pass
 * the limit together; sends older than a day are forgotten here.
 */
async function countSends(tx: Tx, shopId: number, sending: number): Promise<void> {
  const since = new Date(Date.now() - DAY_MS);
  await tx.delete(collaboratorInviteSends).where(and(eq(collaboratorInviteSends.shopId, shopId), lte(collaboratorInviteSends.sentAt, since)));
  const [row] = await tx.select({ n: count() }).from(collaboratorInviteSends).where(eq(collaboratorInviteSends.shopId, shopId));
  if ((row?.n ?? 0) + sending > COLLABORATOR_LIMITS.invitesPerDay) throw new HttpError(429, COLLABORATOR_MESSAGES.perDay);
  if (sending > 0) await tx.insert(collaboratorInviteSends).values(Array.from({ length: sending }, () => ({ shopId })));
}

/** Takes the shop's row lock for the rest of `tx`: one invite batch or resend of a shop at a time. */
async function lockShop(tx: Tx, shopId: number): Promise<void> {
  await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
}

/** POST /invites {collaborators}: one invite per address, all or nothing; then e-mails and notifications. */
export async function createInvites(
  deps: CollaboratorDeps,
  actor: User,
  alias: string,
  collaborators: Array<{ email: string; accessRights?: AccessRights | undefined }>,
): Promise<Invite[]> {
  const { db } = deps;
  const shop = await requireShopAccess(db, actor, alias, 'manage');
  const emails = collaborators.map((item) => item.email.toLowerCase());
  if (new Set(emails).size !== emails.length) throw new HttpError(400, COLLABORATOR_MESSAGES.duplicateInvite);
  if (emails.includes(actor.email.toLowerCase())) throw new HttpError(400, COLLABORATOR_MESSAGES.selfInvite);
  const [owner] = await db.select().from(users).where(eq(users.id, shop.ownerUserId)).limit(1);
  if (owner && emails.includes(owner.email)) throw new HttpError(400, COLLABORATOR_MESSAGES.ownerInvite);
  await expireStale(db, shop.id);

  const created = await db.transaction(async (tx) => {
    // One invite batch per shop at a time: the limits below cannot be raced past.
    await lockShop(tx, shop.id);
    const members = await tx
      .select({ email: users.email })
      .from(shopCollaborators)
      .innerJoin(users, eq(users.id, shopCollaborators.userId))
      .where(eq(shopCollaborators.shopId, shop.id));
    if (members.some((member) => emails.includes(member.email))) throw new HttpError(409, COLLABORATOR_MESSAGES.alreadyCollaborator);
    const open = await tx
      .select({ email: collaboratorInvites.email })
      .from(collaboratorInvites)
      .where(and(eq(collaboratorInvites.shopId, shop.id), eq(collaboratorInvites.status, 'open')));
    if (open.some((invite) => emails.includes(invite.email))) throw new HttpError(409, COLLABORATOR_MESSAGES.duplicateInvite);
    if (members.length + open.length + emails.length > COLLABORATOR_LIMITS.perShop) throw new HttpError(429, COLLABORATOR_MESSAGES.perShop);
    await countSends(tx, shop.id, emails.length);
    const expiresAt = new Date(Date.now() + COLLABORATOR_LIMITS.inviteTtlMs);
    const inserted = await tx
      .insert(collaboratorInvites)
      .values(
        collaborators.map((item) => ({
          shopId: shop.id,
          email: item.email.toLowerCase(),
          // Replaced below, once the id the token names is known.
          tokenHash: `pending-${randomBytes(16).toString('hex')}`,
          accessRights: item.accessRights ?? DEFAULT_ACCESS_RIGHTS,
          invitedBy: actor.id,
          expiresAt,
        })),
      )
      .returning();
    const rows: Array<{ row: InviteRow; token: string }> = [];
    for (const row of inserted) {
      const token = newToken(row.id, shop.alias);
      const [updated] = await tx.update(collaboratorInvites).set({ tokenHash: hashToken(token) }).where(eq(collaboratorInvites.id, row.id)).returning();
      rows.push({ row: updated ?? row, token });
    }
    return rows;
  });
  for (const { row, token } of created) await deliverInvite(deps, shop, actor, row, token);
  const people = await usersById(db, [actor.id]);
  return created.map(({ row }) => toInvite(row, alias, people.get(actor.id)));
}

/**
 * POST /invites without a body: every open invite gets a new link (the old one stops working) and
 * a new expiry, and is sent again. Each e-mail counts against the shop's daily limit like a new
 * invite (issue 27: resends were not counted), under the same row lock.
 */
export async function resendInvites(deps: CollaboratorDeps, actor: User, alias: string): Promise<Invite[]> {
  const { db } = deps;
  const shop = await requireShopAccess(db, actor, alias, 'manage');
  const renewed = await db.transaction(async (tx) => {
    await lockShop(tx, shop.id);
    const open = await tx
      .select()
      .from(collaboratorInvites)
      .where(and(eq(collaboratorInvites.shopId, shop.id), inArray(collaboratorInvites.status, ['open', 'expired'])));
    // An expired invite is resent as long as no newer one to that address is open.
    const openEmails = new Set(open.filter((row) => row.status === 'open').map((row) => row.email));
    const targets = open.filter((row) => row.status === 'open' || !openEmails.has(row.email));
    const unique = [...new Map(targets.sort((a, b) => b.id - a.id).map((row) => [row.email, row])).values()];
    if (unique.length === 0) throw new HttpError(400, COLLABORATOR_MESSAGES.nothingToResend);
    await countSends(tx, shop.id, unique.length);
    const rows: Array<{ row: InviteRow; token: string }> = [];
    for (const row of unique) {
      const token = newToken(row.id, shop.alias);
      const expiresAt = new Date(Date.now() + COLLABORATOR_LIMITS.inviteTtlMs);
      // Conditional: an invite withdrawn or answered meanwhile stays as it is (and is not sent).
      const [updated] = await tx
        .update(collaboratorInvites)
        .set({ tokenHash: hashToken(token), status: 'open', expiresAt, sentAt: new Date() })
        .where(and(eq(collaboratorInvites.id, row.id), eq(collaboratorInvites.status, row.status)))
        .returning();
      if (updated) rows.push({ row: updated, token });
    }
    return rows;
  });
  const people = await usersById(db, [actor.id]);
  for (const { row, token } of renewed) await deliverInvite(deps, shop, actor, row, token);
  return renewed.map(({ row }) => toInvite(row, alias, people.get(actor.id)));
}

/** PUT /invites {id, accessRights?, status?: revoked}. */
export async function updateInvite(deps: CollaboratorDeps, actor: User, alias: string, change: { id: number; accessRights?: AccessRights | undefined; status?: 'revoked' | undefined }): Promise<Invite> {
  const { db } = deps;
  const shop = await requireShopAccess(db, actor, alias, 'manage');
  const [updated] = await db
    .update(collaboratorInvites)
    .set({ ...(change.accessRights ? { accessRights: change.accessRights } : {}), ...(change.status ? { status: change.status } : {}) })
    .where(and(eq(collaboratorInvites.id, change.id), eq(collaboratorInvites.shopId, shop.id), eq(collaboratorInvites.status, 'open')))
    .returning();
  if (!updated) {
    const [known] = await db
      .select()
      .from(collaboratorInvites)
      .where(and(eq(collaboratorInvites.id, change.id), eq(collaboratorInvites.shopId, shop.id)));
    if (!known) throw new HttpError(404, COLLABORATOR_MESSAGES.inviteNotFound);
    throw new HttpError(409, known.status === 'revoked' ? COLLABORATOR_MESSAGES.revoked : COLLABORATOR_MESSAGES.used);
  }
  if (change.status === 'revoked') await resolveInviteNotifications(deps, updated.email, alias);
  const people = await usersById(db, [updated.invitedBy]);
  return toInvite(updated, alias, updated.invitedBy === null ? undefined : people.get(updated.invitedBy));
}

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
const unprovenProblem = (found: FoundInvite, actor: User | null) => (found.byReference && actor?.requiresVerification !== false ? COLLABORATOR_MESSAGES.verifyFirst : null);

/** POST /invites/{inviteId}/verify {token, email?}: what the join page shows (anonymous callers too, with the e-mailed token). */
export async function verifyInvite(db: Database, actor: User | null, alias: string, inviteId: number, token: string, email: string | undefined): Promise<InviteCheck> {
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
export async function answerInvite(deps: CollaboratorDeps, actor: User, alias: string, token: string, status: 'accepted' | 'declined'): Promise<AcceptDeclineAnswer> {
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

/** GET /v1/users/{userId}/shop-collaborations: the shops shared with the user. */
export async function shopCollaborations(db: Database, actor: User, userId: number): Promise<ShopCollaboration[]> {
  requireSelfOrSovereign(actor, userId);
  const rows = await db
    .select({ collaborator: shopCollaborators, shop: shops, owner: users })
    .from(shopCollaborators)
    .innerJoin(shops, eq(shops.id, shopCollaborators.shopId))
    .innerJoin(users, eq(users.id, shops.ownerUserId))
    .where(eq(shopCollaborators.userId, userId))
    .orderBy(desc(shops.updatedAt), desc(shops.id));
  return rows.map(({ collaborator, shop, owner }) => ({
    collaboratorId: collaborator.id,
    shopAlias: shop.alias,
    shopName: shop.name,
    shopLogo: shop.logo,
    owner: fullName(owner),
    accessRights: collaborator.accessRights,
    role: roleOf(collaborator.accessRights) as ShopCollaboration['role'],
    updatedAt: shop.updatedAt.toISOString(),
    since: collaborator.createdAt.toISOString(),
  }));
}

/** Collaborator invites a user has seen; the portal clears them at every login (spec section 4). */
export async function deleteInviteHistory(db: Database, userId: number): Promise<{ deleted: number }> {
  const deleted = await db.delete(inviteHistory).where(eq(inviteHistory.userId, userId)).returning({ id: inviteHistory.id });
  return { deleted: deleted.length };
}

