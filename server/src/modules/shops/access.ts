/**
 * Who may do what to a shop: the ONE place every shop call asks. Today the owner and a SOVEREIGN
 * (spec section 6) may do everything; the collaborators feature adds a collaborator's per-shop
 * rights here, so no route changes.
 */
import { eq } from 'drizzle-orm';
import { ROLE } from '@contract/constants';
import type { User } from '@contract/users/schemas';
import { AUTH_MESSAGES } from '../../auth/guards';
import { hasRole } from '../../auth/roles';
import type { Database } from '../../db/database';
import { shops } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { SHOP_MESSAGES } from './messages';

export type ShopRow = typeof shops.$inferSelect;

/** read: see the shop and its media; write: change it, upload, configure; delete: remove it. */
export type ShopAction = 'read' | 'write' | 'delete';

export function mayActOnShop(actor: User, shop: Pick<ShopRow, 'ownerUserId'>, action: ShopAction): boolean {
  if (shop.ownerUserId === actor.id || hasRole(actor, ROLE.SOVEREIGN)) return true;
  // Collaborators (per-shop access rights) join here, for `action`.
  void action;
  return false;
}

/** The shop of `alias` when `actor` may do `action` to it: 404 for an unknown alias, 403 otherwise. */
export async function requireShopAccess(db: Database, actor: User, alias: string, action: ShopAction): Promise<ShopRow> {
  const [shop] = await db.select().from(shops).where(eq(shops.alias, alias)).limit(1);
  if (!shop) throw new HttpError(404, SHOP_MESSAGES.notFound);
  if (!mayActOnShop(actor, shop, action)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
  return shop;
}
