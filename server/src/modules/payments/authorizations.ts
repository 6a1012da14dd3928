/** Saved cards: list, get, update (default, label, removal), refresh from the gateway, and saving a stripe payment method. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { GatewayId } from '@contract/constants';
import { PORTAL_SHOP_ALIAS } from '@contract/payments/paths';
import { PAYMENT_MESSAGES, type Authorization } from '@contract/payments/schemas';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { cardAuthorizations } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { saveCard } from './outcomes';
import { customerOf, gatewayCall, ownCard, toAuthorization, type PaymentsDeps } from './records';
import { stripeLookup } from './stripe-helpers';

export async function listAuthorizations(db: Database, userId: number): Promise<Authorization[]> {
  const rows = await db
    .select()
    .from(cardAuthorizations)
    .where(and(eq(cardAuthorizations.userId, userId), isNull(cardAuthorizations.removedAt)))
    .orderBy(desc(cardAuthorizations.isDefault), desc(cardAuthorizations.createdAt), desc(cardAuthorizations.id));
  return rows.map(toAuthorization);
}

export async function getAuthorization(db: Database, userId: number, authorizationCode: string, provider?: GatewayId): Promise<Authorization> {
  return toAuthorization(await ownCard(db, userId, authorizationCode, provider));
}

/** PUT /v1/authorizations/:code: set default, rename or remove, each in one DB transaction (no gateway call). */
export async function updateAuthorization(
  db: Database,
  userId: number,
  authorizationCode: string,
  change: { isDefault?: true | undefined; label?: string | null | undefined; status?: 'removed' | undefined },
): Promise<Authorization> {
  if (change.isDefault === undefined && change.label === undefined && change.status === undefined) throw new HttpError(400, PAYMENT_MESSAGES.nothingToChange);
  return db.transaction(async (tx) => {
    // The user's cards locked first: two default swaps of one user run one after the other.
    await tx.select({ id: cardAuthorizations.id }).from(cardAuthorizations).where(eq(cardAuthorizations.userId, userId)).for('update');
    const card = await ownCard(tx, userId, authorizationCode);
    const mine = and(eq(cardAuthorizations.userId, userId), isNull(cardAuthorizations.removedAt));
    if (change.label !== undefined) {
      await tx
        .update(cardAuthorizations)
        .set({ label: change.label || null, updatedAt: sql`now()` })
        .where(eq(cardAuthorizations.id, card.id));
    }
    if (change.status === 'removed') {
      await tx
        .update(cardAuthorizations)
        .set({ removedAt: sql`now()`, isDefault: false, updatedAt: sql`now()` })
        .where(eq(cardAuthorizations.id, card.id));
      if (card.isDefault) {
        const [newest] = await tx
          .select({ id: cardAuthorizations.id })
          .from(cardAuthorizations)
          .where(mine)
          .orderBy(desc(cardAuthorizations.createdAt), desc(cardAuthorizations.id))
          .limit(1);
        if (newest)
          await tx
            .update(cardAuthorizations)
            .set({ isDefault: true, updatedAt: sql`now()` })
            .where(eq(cardAuthorizations.id, newest.id));
      }
    } else if (change.isDefault && !card.isDefault) {
      await tx
        .update(cardAuthorizations)
        .set({ isDefault: false, updatedAt: sql`now()` })
        .where(and(mine, eq(cardAuthorizations.isDefault, true)));
      await tx
        .update(cardAuthorizations)
        .set({ isDefault: true, updatedAt: sql`now()` })
        .where(eq(cardAuthorizations.id, card.id));
    }
    const [row] = await tx.select().from(cardAuthorizations).where(eq(cardAuthorizations.id, card.id));
    return toAuthorization(row ?? card);
  });
}

/** GET .../upstream: the card as its gateway holds it now; brand and expiry refreshed into ours. */
export async function refreshAuthorization(deps: PaymentsDeps, user: User, authorizationCode: string, provider?: GatewayId): Promise<Authorization> {
  const card = await ownCard(deps.db, user.id, authorizationCode, provider);
  const gateway = deps.gateways.get(card.provider as GatewayId);
  const customer = { ...(await customerOf(deps.db, user, gateway)), customerCode: card.customerCode };
  const upstream = await gatewayCall(() => gateway.retrieveAuthorization(card.authorizationCode, customer));
  const [row] = await deps.db
    .update(cardAuthorizations)
    .set({ brand: upstream.brand, last4: upstream.last4, expMonth: upstream.expMonth, expYear: upstream.expYear, updatedAt: sql`now()` })
    .where(eq(cardAuthorizations.id, card.id))
    .returning();
  return toAuthorization(row ?? card);
}

/** POST /v1/authorizations: a stripe payment method of the caller's stripe customer becomes a saved card. */
export async function saveStripeAuthorization(
  deps: PaymentsDeps,
  user: User,
  input: { authorizationCode: string; setAsDefault?: boolean | undefined; shopAlias: string; gatewayCredentialAlias?: string | undefined },
): Promise<Authorization> {
  if (input.shopAlias !== PORTAL_SHOP_ALIAS) throw new HttpError(400, PAYMENT_MESSAGES.shopAlias);
  const stripe = deps.gateways.stripe();
  if (input.gatewayCredentialAlias !== undefined && input.gatewayCredentialAlias !== stripe.credentialAlias)
    throw new HttpError(400, PAYMENT_MESSAGES.credentialAlias);
  const customer = await customerOf(deps.db, user, stripe);
  if (!customer.customerCode) throw new HttpError(400, PAYMENT_MESSAGES.stripeCustomer);
  const card = await stripeLookup(() => stripe.retrieveAuthorization(input.authorizationCode, customer));
  if (card.customerCode !== customer.customerCode) throw new HttpError(404, PAYMENT_MESSAGES.cardNotFound);
  await saveCard(deps.db, user.id, stripe, card, input.setAsDefault ?? false);
  return getAuthorization(deps.db, user.id, card.authorizationCode, 'stripe');
}
