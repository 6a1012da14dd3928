/**
 * Invites (spec sections 3, 4, 6 and 7; issue 14): listed, made, resent, changed or withdrawn by
 * a manager (requireShopAccess, shop-access/access.ts), and the invite history a user clears.
 * Invites are single-use, expiring links; their token is kept only as its SHA-256. Answering one:
 * invite-answers.ts. HTTP-free.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  COLLABORATOR_LIMITS,
  COLLABORATOR_MESSAGES,
  DEFAULT_ACCESS_RIGHTS,
  type AccessRights,
  type Invite,
  type InviteStatus,
  inviteReference,
} from '@contract/collaborators/schemas';
import { JOIN_PROJECT_PAGE } from '@contract/collaborators/paths';
import type { User } from '@contract/users/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import {
  collaboratorInviteSends,
  collaboratorInvites,
  inviteHistory,
  notifications as notificationRows,
  shopCollaborators,
  shops,
  users,
} from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { portalLink } from '../../mail/links';
import { trySend, type MailDeps } from '../../mail/send';
import { collaboratorInviteEmail } from '../../mail/templates';
import type { Notifications } from '../../deps';
import { requireShopAccess, type ShopRow } from '../../shop-access/access';
import { fullName, toPerson, usersById, type UserRow } from './people';

export interface CollaboratorDeps extends MailDeps {
  db: Database;
  config: Pick<Config, 'PUBLIC_ORIGIN'>;
  notifications: Notifications;
}

export type InviteRow = typeof collaboratorInvites.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** An invite token names its invite and shop (so `/join-project?token=` alone is enough): `{inviteId}.{alias}.{secret}`. */
const newToken = (inviteId: number, alias: string) => `${inviteId}.${alias}.${randomBytes(32).toString('base64url')}`;
export function statusOf(row: Pick<InviteRow, 'status' | 'expiresAt'>, now = new Date()): InviteStatus {
  if (row.status === 'open' && row.expiresAt <= now) return 'expired';
  return row.status as InviteStatus;
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

export async function listInvites(db: Database, actor: User, alias: string): Promise<Invite[]> {
  const shop = await requireShopAccess(db, actor, alias, 'manage');
  const rows = await db.select().from(collaboratorInvites).where(eq(collaboratorInvites.shopId, shop.id)).orderBy(desc(collaboratorInvites.id));
  const people = await usersById(
    db,
    rows.map((row) => row.invitedBy),
  );
  return rows.map((row) => toInvite(row, alias, row.invitedBy === null ? undefined : people.get(row.invitedBy)));
}

/** Resolves the invitee's open invite notifications of this shop (they answered, or the invite went). */
export async function resolveInviteNotifications(deps: CollaboratorDeps, email: string, shopAlias: string): Promise<void> {
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
      const [updated] = await tx
        .update(collaboratorInvites)
        .set({ tokenHash: hashToken(token) })
        .where(eq(collaboratorInvites.id, row.id))
        .returning();
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
export async function updateInvite(
  deps: CollaboratorDeps,
  actor: User,
  alias: string,
  change: { id: number; accessRights?: AccessRights | undefined; status?: 'revoked' | undefined },
): Promise<Invite> {
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

/** Collaborator invites a user has seen; the portal clears them at every login (spec section 4). */
export async function deleteInviteHistory(db: Database, userId: number): Promise<{ deleted: number }> {
  const deleted = await db.delete(inviteHistory).where(eq(inviteHistory.userId, userId)).returning({ id: inviteHistory.id });
  return { deleted: deleted.length };
}
