/**
 * Collaborators of a shop (spec sections 3, 6 and 7; issue 14): the caller's access, the list,
 * one collaborator, their rights, removal (or leaving), and the shops shared with a user. Rights
 * are enforced by requireShopAccess (shop-access/access.ts): read to see, manage to change. HTTP-free.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  COLLABORATOR_MESSAGES,
  roleOf,
  type AccessRights,
  type Collaborator,
  type Person,
  type ShopAccess,
  type ShopCollaboration,
} from '@contract/collaborators/schemas';
import type { User } from '@contract/users/schemas';
import { requireSelfOrSovereign } from '../../auth/guards';
import type { Database } from '../../db/database';
import { shopCollaborators, shops, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { effectiveRights, requireShopAccess, shopRelation, type ShopRow } from '../../shop-access/access';

type CollaboratorRow = typeof shopCollaborators.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

export function toPerson(user: UserRow): Person {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, profilePix: user.profilePix ?? '' };
}

export async function usersById(db: Database, ids: Array<number | null>): Promise<Map<number, UserRow>> {
  const wanted = [...new Set(ids.filter((value): value is number => value !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
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

/** GET /v1/shops/{alias}/access: the caller's role and rights (403 for a stranger). */
export async function accessOf(db: Database, actor: User, alias: string): Promise<ShopAccess> {
  const shop = await requireShopAccess(db, actor, alias, 'read');
  const relation = await shopRelation(db, actor, shop);
  const rights = effectiveRights(actor, shop, relation.collaborator);
  if (!rights) throw new HttpError(403, COLLABORATOR_MESSAGES.collaboratorNotFound);
  return {
    role: relation.owner ? 'owner' : relation.collaborator ? roleOf(relation.collaborator) : 'manager',
    accessRights: rights,
    sovereign: relation.sovereign,
  };
}

export async function listCollaborators(db: Database, actor: User, alias: string): Promise<Collaborator[]> {
  const shop = await requireShopAccess(db, actor, alias, 'read');
  const rows = await db.select().from(shopCollaborators).where(eq(shopCollaborators.shopId, shop.id)).orderBy(shopCollaborators.id);
  const people = await usersById(
    db,
    rows.map((row) => row.userId),
  );
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
