/**
 * Charging a saved card without the merchant on a gateway page: the monthly close and Pay now of
 * billing (issue 30). Exactly once per idempotency key: the transaction row is written first
 * (unique per user and key) and the gateway is told our reference and an idempotency key derived
 * from it, so a repeat, a crashed attempt taken over or two processes end in one charge; the
 * providers refuse a second charge with the same reference.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { GatewayId } from '@contract/constants';
import type { Transaction } from '@contract/payments/schemas';
import { cardAuthorizations, paymentTransactions, users } from '../../db/schema';
import { GatewayRefusal, GatewayUnavailable, type GatewayPayment } from './gateway';
import { applyOutcome } from './outcomes';
import { customerOf, newReference, toTransaction, transactionById, type PaymentsDeps, type TransactionRow } from './records';

export interface ChargeRequest {
  userId: number;
  /** Minor units, above 0. */
  amount: number;
  currencyCode: string;
  /** What the payment is for ('billing'); shown in the payments list. */
  type: string;
  description: string;
  appAlias: string | null;
  /** One per charge the caller means to make: the same key never charges twice. */
  idempotencyKey: string;
  /** A given saved card; the user's default card otherwise. */
  authorizationCode?: string;
}

/** The user has no saved card to charge. */
export class NoSavedCard extends Error {
  constructor() {
    super('No saved card to charge');
    this.name = 'NoSavedCard';
  }
}

async function cardToCharge(deps: PaymentsDeps, userId: number, authorizationCode?: string) {
  const mine = and(eq(cardAuthorizations.userId, userId), isNull(cardAuthorizations.removedAt));
  const [card] = await deps.db
    .select()
    .from(cardAuthorizations)
    .where(authorizationCode ? and(mine, eq(cardAuthorizations.authorizationCode, authorizationCode)) : mine)
    .orderBy(desc(cardAuthorizations.isDefault), desc(cardAuthorizations.createdAt))
    .limit(1);
  if (!card) throw new NoSavedCard();
  return card;
}

/** Charges the card; answers the transaction as it stands (succeeded, failed with the gateway's words, pending). */
export async function chargeSavedCard(deps: PaymentsDeps, request: ChargeRequest): Promise<Transaction> {
  const [existing] = await deps.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, request.userId), eq(paymentTransactions.idempotencyKey, request.idempotencyKey)));
  if (existing && existing.status !== 'initialized') return toTransaction(existing);
  const card = await cardToCharge(deps, request.userId, existing?.authorizationCode ?? request.authorizationCode);
  const gateway = deps.gateways.get(card.provider as GatewayId);
  const [inserted] = existing
    ? [existing]
    : await deps.db
        .insert(paymentTransactions)
        .values({
          reference: newReference(),
          userId: request.userId,
          provider: card.provider,
          type: request.type,
          amount: request.amount,
          currencyCode: request.currencyCode,
          appAlias: request.appAlias,
          description: request.description,
          testMode: gateway.testMode,
          idempotencyKey: request.idempotencyKey,
          authorizationCode: card.authorizationCode,
        })
        .onConflictDoNothing()
        .returning();
  // Another process wrote the row first: it charges; this answer is the row as it is.
  const row: TransactionRow | undefined =
    inserted ??
    (
      await deps.db
        .select()
        .from(paymentTransactions)
        .where(and(eq(paymentTransactions.userId, request.userId), eq(paymentTransactions.idempotencyKey, request.idempotencyKey)))
    )[0];
  if (!row) throw new Error('the charge was not recorded');
  if (!inserted || row.status !== 'initialized') return toTransaction(row);

  const [user] = await deps.db.select().from(users).where(eq(users.id, request.userId));
  if (!user) throw new Error(`user ${request.userId} not found`);
  let payment: GatewayPayment;
  try {
    payment = await gateway.chargeAuthorization({
      reference: row.reference,
      amount: row.amount,
      currencyCode: row.currencyCode,
      customer: await customerOf(deps.db, user, gateway),
      authorizationCode: card.authorizationCode,
      description: row.description,
      metadata: { type: row.type, userId: String(row.userId), ...(row.appAlias ? { appAlias: row.appAlias } : {}) },
      idempotencyKey: `charge:${row.reference}`,
    });
  } catch (error) {
    // Down: the row stays pending and reconciliation asks the gateway later (our reference is the key).
    if (error instanceof GatewayUnavailable) return toTransaction(row);
    if (!(error instanceof GatewayRefusal)) throw error;
    // A refusal: the provider kept nothing under our reference (or, taken over, already has it).
    payment = await gateway.retrieve(row.reference, row.providerId).catch(() => ({ ...failed(row), failureMessage: error.message }));
  }
  await applyOutcome(deps, row, payment);
  return toTransaction(await transactionById(deps.db, row.id));
}

function failed(row: TransactionRow): GatewayPayment {
  return {
    reference: row.reference,
    providerId: null,
    status: 'failed',
    amount: row.amount,
    currencyCode: row.currencyCode,
    checkoutUrl: null,
    actionUrl: null,
    failureMessage: null,
    authorization: null,
  };
}
