/**
 * Who may do what to a shop: the ONE place every shop call (HTTP and realtime writes) asks.
 * The owner and a SOVEREIGN (spec section 6) may do everything; a collaborator (issue 14) what
 * their per-shop access rights allow:
 *
 * | action | owner | SOVEREIGN | collaborator | stranger |
 * |---|---|---|---|---|
 * | read: see the shop, design, media, collaborators, versions | yes | yes | yes (view) | no |
 * | write: change the design (HTTP + realtime), shop facts, media, versions | yes | yes | editDesign | no |
 * | manage: invite, change rights, remove collaborators, revoke invites, public link | yes | yes | manageCollaborators | no |
 * | delete: remove the shop | yes | yes | no | no |
 * | pay: put it on a plan, take it live, pause it (charged to the owner's card) | yes | yes | no | no |
| build: order, cancel and rebuild the app, new download links (issue 31) | yes | yes | manageCollaborators | no |
 *
 * Rights are read from the database on every call, so a removed or downgraded collaborator
 * loses access at once. Template shops (issue 11) stay owner-or-SOVEREIGN (spec section 5).
 */
import { and, eq } from 'drizzle-orm';
import { ROLE } from '@contract/constants';
import { FULL_ACCESS_RIGHTS, type AccessRights } from '@contract/collaborators/schemas';
import type { User } from '@contract/users/schemas';
import { AUTH_MESSAGES } from '../auth/guards';
import { hasRole } from '@contract/users/roles';
import type { Database } from '../db/database';
import { shopCollaborators, shops } from '../db/schema';
import { HttpError } from '../http/http-error';
import { SHOP_MESSAGES } from './messages';
import { shopSetupError } from '@contract/shops/setup-checks';

export type ShopRow = typeof shops.$inferSelect;

/** read: see the shop; write: change it (design included); manage: its collaborators; delete: remove it; pay: its plan and live state; build: order its builds. */
type ShopAction = 'read' | 'write' | 'manage' | 'delete' | 'pay' | 'build';

/** How `actor` relates to a shop: owner, SOVEREIGN, a collaborator's rights, or nothing. */
interface ShopRelation {
  owner: boolean;
  sovereign: boolean;
  /** The collaborator's rights (null: not a collaborator). */
  collaborator: AccessRights | null;
}

export function mayActOnShop(actor: User, shop: Pick<ShopRow, 'ownerUserId'>, action: ShopAction, collaborator: AccessRights | null = null): boolean {
  if (shop.ownerUserId === actor.id || hasRole(actor, ROLE.SOVEREIGN)) return true;
  if (!collaborator) return false;
  switch (action) {
    case 'read':
      return collaborator.view;
    case 'write':
      return collaborator.editDesign;
    case 'manage':
    case 'build':
      return collaborator.manageCollaborators;
    case 'delete':
    case 'pay':
      return false;
  }
}

/** The rights `actor` holds on `shop` (owner and SOVEREIGN: all), or null when none. */
export function effectiveRights(actor: User, shop: Pick<ShopRow, 'ownerUserId'>, collaborator: AccessRights | null): AccessRights | null {
  if (shop.ownerUserId === actor.id || hasRole(actor, ROLE.SOVEREIGN)) return FULL_ACCESS_RIGHTS;
  return collaborator;
}

export async function collaboratorRights(db: Database, shopId: number, userId: number): Promise<AccessRights | null> {
  const [row] = await db
    .select({ accessRights: shopCollaborators.accessRights })
    .from(shopCollaborators)
    .where(and(eq(shopCollaborators.shopId, shopId), eq(shopCollaborators.userId, userId)))
    .limit(1);
  return row?.accessRights ?? null;
}

export async function shopRelation(db: Database, actor: User, shop: ShopRow): Promise<ShopRelation> {
  const owner = shop.ownerUserId === actor.id;
  const sovereign = hasRole(actor, ROLE.SOVEREIGN);
  return { owner, sovereign, collaborator: owner ? null : await collaboratorRights(db, shop.id, actor.id) };
}

/** The shop of `alias` when `actor` may do `action` to it: 404 for an unknown alias, 403 otherwise. */
export async function requireShopAccess(db: Database, actor: User, alias: string, action: ShopAction): Promise<ShopRow> {
  const [found] = await db
    .select({ shop: shops, rights: shopCollaborators.accessRights })
    .from(shops)
    .leftJoin(shopCollaborators, collaboratorOf(actor))
    .where(eq(shops.alias, alias))
    .limit(1);
  requireAction(actor, found?.shop, action, found?.rights ?? null);
  return found.shop;
}

/**
 * requireShopAccess without the row: not the shop's config (the whole design), which every
 * realtime edit would otherwise read and parse once more before its own write.
 */
export async function checkShopAccess(db: Database, actor: User, alias: string, action: ShopAction): Promise<void> {
  const [shop] = await db
    .select({ ownerUserId: shops.ownerUserId, isTemplate: shops.isTemplate, rights: shopCollaborators.accessRights })
    .from(shops)
    .leftJoin(shopCollaborators, collaboratorOf(actor))
    .where(eq(shops.alias, alias))
    .limit(1);
  requireAction(actor, shop, action, shop?.rights ?? null);
}

/** The actor's collaborator row of the shop, if any (unique per shop and user): rights and shop in one query. */
const collaboratorOf = (actor: User) => and(eq(shopCollaborators.shopId, shops.id), eq(shopCollaborators.userId, actor.id));

function requireAction(
  actor: User,
  shop: Pick<ShopRow, 'ownerUserId' | 'isTemplate'> | undefined,
  action: ShopAction,
  rights: AccessRights | null,
): asserts shop {
  if (!shop) throw new HttpError(404, SHOP_MESSAGES.notFound);
  // A template shop stays owner-or-SOVEREIGN (spec section 5): collaborator rights do not apply to it.
  if (!mayActOnShop(actor, shop, action, shop.isTemplate ? null : rights)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
}

/** Why a shop cannot be enabled (taken live) yet, or null when it has all it needs (POST /v1/shops/{alias}/check-enable). */
export function enableProblem(shop: ShopRow): string | null {
  return (
    shopSetupError({ ...shop, shopCurrency: { currencyId: shop.currencyId } }) ??
    (shop.superCategoriesOfInterest.length === 0 ? SHOP_MESSAGES.categoriesMissing : null)
  );
}
