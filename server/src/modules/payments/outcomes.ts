/**
 * The one place an outcome is applied (verify, webhook and reconciliation all go through
 * `applyOutcome`), with what the move to paid does: the card is saved, a card check refunded.
 *
 * Exactly once: a status moves only by a conditional UPDATE on the status read, and only along
 * contract/payments/statuses.ts; a refund carries the idempotency key `refund:<reference>`.
 * No database transaction is ever held across a gateway call: PGlite has one connection, and the
 * in-process test gateway writes to the same database.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GatewayId } from '@contract/constants';
import { PAYMENT_MESSAGES } from '@contract/payments/schemas';
import { canMove, isDeclined, isPaid, needsAction, PAID_STATUSES, type TransactionStatus } from '@contract/payments/statuses';
import type { Database } from '../../db/database';
import { param, preparedStatements } from '../../db/prepared';
import { cardAuthorizations, paymentTransactions } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { GatewayRefusal, GatewayUnavailable, type CardAuthorization, type GatewayPayment, type PaymentGateway } from './gateway';
import { gatewayCall, rememberCustomer, toTransaction, transactionById, type CardRow, type PaymentsDeps, type TransactionRow } from './records';

export type OutcomeResult = 'applied' | 'unchanged' | 'stale' | 'ignored';

/** What applyOutcome did, and the row as it left it (null when it moved nothing: read the row again for how it stands). */
export interface Applied {
  outcome: OutcomeResult;
  row: TransactionRow | null;
}

const statements = preparedStatements((db) => ({
  /** A status move, only from the status read (of two callers, one moves it). */
  move: db
    .update(paymentTransactions)
    .set({
      status: param('to'),
      providerId: param('providerId'),
      actionUrl: param('actionUrl'),
      failureMessage: param('failureMessage'),
      refundedAt: sql`coalesce(${paymentTransactions.refundedAt}, ${sql.placeholder('refundedAt')}::timestamptz)`,
      authorizationCode: param('authorizationCode'),
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentTransactions.id, sql.placeholder('id')), eq(paymentTransactions.status, sql.placeholder('from'))))
    .returning()
    .prepare('payments_move'),
}));

/**
 * The one way a gateway's report changes a transaction (verify, webhook, reconciliation). A report
 * of another amount or currency is ignored; a move the table does not allow, or one another
 * caller made first, changes nothing. On the move to paid: the card is saved, then a card check
 * is refunded.
 */
export async function applyOutcome(deps: PaymentsDeps, row: TransactionRow, payment: GatewayPayment): Promise<Applied> {
  if (payment.amount !== row.amount || payment.currencyCode.toUpperCase() !== row.currencyCode) {
    deps.log.warn({ reference: row.reference, provider: row.provider }, 'payment report of another amount or currency ignored');
    return { outcome: 'ignored', row: null };
  }
  const from = row.status as TransactionStatus;
  const to = payment.status;
  // A paid card check whose refund did not go through is retried by reconciliation, not here:
  // a verify racing the webhook would otherwise ask for the refund twice.
  if (from === to) return { outcome: 'unchanged', row: null };
  if (!canMove(from, to)) return { outcome: 'stale', row: null };
  const [moved] = await statements(deps.db).move.execute({
    id: row.id,
    from,
    to,
    providerId: payment.providerId ?? row.providerId,
    // Where the merchant finishes it: the gateway's page for that step, else its checkout again.
    actionUrl: payment.actionUrl ?? (needsAction(to) ? row.checkoutUrl : null),
    failureMessage: payment.failureMessage,
    // The provider may report the refund (its webhook) before our own refund call returns.
    refundedAt: to === 'refunded' ? new Date().toISOString() : null,
    authorizationCode: payment.authorization?.authorizationCode ?? row.authorizationCode,
  });
  if (!moved) return { outcome: 'stale', row: null };
  // A charge of a saved card (the only rows written with a card) leaves no new card to save.
  if (isPaid(to) && row.authorizationCode === null) {
    const gateway = deps.gateways.get(row.provider as GatewayId);
    const card = payment.authorization ?? (await cardOfPayment(deps, gateway, moved));
    if (card?.reusable) {
      await rememberCustomer(deps.db, row.userId, gateway, card.customerCode);
      await saveCard(deps.db, row.userId, gateway, card, moved.setAsDefault);
    }
  }
  const refunded = isPaid(to) && moved.isAutoRefund ? await autoRefund(deps, moved) : null;
  if (isPaid(to) || isDeclined(to)) await announceSettled(deps, moved);
  return { outcome: 'applied', row: refunded ?? moved };
}

/** The transaction type's hook, once (only the caller that moved the status gets here). Its failure does not undo the move. */
async function announceSettled(deps: PaymentsDeps, row: TransactionRow): Promise<void> {
  const hook = deps.settled.get(row.type);
  if (!hook) return;
  try {
    await hook({ transaction: toTransaction(row), idempotencyKey: row.idempotencyKey });
  } catch (error) {
    deps.log.error({ err: error, reference: row.reference }, 'what follows a settled payment failed');
  }
}

/** The card a paid payment left, asked of the gateway when its report did not carry it (a stripe webhook names no card). */
async function cardOfPayment(deps: PaymentsDeps, gateway: PaymentGateway, row: TransactionRow): Promise<CardAuthorization | null> {
  try {
    return (await gateway.retrieve(row.reference, row.providerId)).authorization;
  } catch (error) {
    if (!(error instanceof GatewayUnavailable || error instanceof GatewayRefusal)) throw error;
    deps.log.warn({ reference: row.reference, provider: row.provider, err: error.message }, 'the card of a paid payment could not be read');
    return null;
  }
}

/**
 * Refunds a paid card check once (idempotency key refund:<reference>) and records it; answers the
 * refunded row. A gateway that is down leaves it for reconciliation (null).
 */
export async function autoRefund(deps: PaymentsDeps, row: TransactionRow): Promise<TransactionRow | null> {
  const gateway = deps.gateways.get(row.provider as GatewayId);
  try {
    const refund = await gateway.refund({ reference: row.reference, providerId: row.providerId, idempotencyKey: `refund:${row.reference}` });
    if (refund.status === 'failed') {
      deps.log.warn({ reference: row.reference, provider: row.provider }, 'auto refund failed at the gateway');
      return null;
    }
  } catch (error) {
    if (!(error instanceof GatewayUnavailable || error instanceof GatewayRefusal)) throw error;
    deps.log.warn({ reference: row.reference, provider: row.provider, err: error.message }, 'auto refund not done yet: reconciliation retries it');
    return null;
  }
  const [refunded] = await deps.db
    .update(paymentTransactions)
    .set({ status: 'refunded', refundedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(paymentTransactions.id, row.id), inArray(paymentTransactions.status, [...PAID_STATUSES])))
    .returning();
  return refunded ?? null;
}

/** Saves a reusable card once (a card known by its code stays with its first owner); the user's first card becomes the default. */
export async function saveCard(db: Database, userId: number, gateway: PaymentGateway, card: CardAuthorization, asDefault: boolean): Promise<CardRow | null> {
  return db.transaction(async (tx) => {
    // Locks the user's cards: two saves of one user cannot both become the first card.
    const mine = await tx
      .select({ id: cardAuthorizations.id })
      .from(cardAuthorizations)
      .where(and(eq(cardAuthorizations.userId, userId), isNull(cardAuthorizations.removedAt)))
      .for('update');
    const makeDefault = asDefault || mine.length === 0;
    const [saved] = await tx
      .insert(cardAuthorizations)
      .values({
        userId,
        provider: gateway.id,
        authorizationCode: card.authorizationCode,
        customerCode: card.customerCode,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        testMode: gateway.testMode,
      })
      .onConflictDoNothing({ target: [cardAuthorizations.provider, cardAuthorizations.authorizationCode] })
      .returning();
    if (!saved) return null;
    if (!makeDefault) return saved;
    await tx
      .update(cardAuthorizations)
      .set({ isDefault: false, updatedAt: sql`now()` })
      .where(and(eq(cardAuthorizations.userId, userId), eq(cardAuthorizations.isDefault, true), isNull(cardAuthorizations.removedAt)));
    const [made] = await tx.update(cardAuthorizations).set({ isDefault: true }).where(eq(cardAuthorizations.id, saved.id)).returning();
    return made ?? saved;
  });
}

/** Asks the gateway how a transaction stands and applies it; answers the transaction as it is now. */
export async function verifyRow(deps: PaymentsDeps, row: TransactionRow): Promise<TransactionRow> {
  const gateway = deps.gateways.get(row.provider as GatewayId);
  // A test payment never settles anything once the provider's real keys are set.
  if (gateway.testMode !== row.testMode) throw new HttpError(400, PAYMENT_MESSAGES.testModeOnly);
  const payment = await gatewayCall(() => gateway.retrieve(row.reference, row.providerId));
  return (await applyOutcome(deps, row, payment)).row ?? transactionById(deps.db, row.id);
}
