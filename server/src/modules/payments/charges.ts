/**
 * Charging a saved card without the merchant on a gateway page: the monthly close and Pay now of
 * billing (issue 30). Exactly once per idempotency key: the transaction row is written first
 * (unique per user and key) and the gateway is told our reference and an idempotency key derived
 * from it, so a repeat, a crashed attempt taken over or two processes end in one charge; the
 * providers refuse a second charge with the same reference.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { GatewayId } from '@contract/constants';
import type { Transaction } from '@contract/payments/schemas';
import { isDeclined, isPaid } from '@contract/payments/statuses';
import { preparedStatements } from '../../db/prepared';
import { cardAuthorizations, paymentCustomers, paymentTransactions, users } from '../../db/schema';
import { GatewayRefusal, GatewayUnavailable, type GatewayPayment } from './gateway';
import { applyOutcome } from './outcomes';
import { gatewayCustomer, newReference, toTransaction, transactionById, type PaymentsDeps, type TransactionRow } from './records';

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

/** A charge as it stands; `announced`: this call settled it and told the settled hook (records.ts). */
export interface Charge {
  transaction: Transaction;
  announced: boolean;
}

/** The user has no saved card to charge. */
export class NoSavedCard extends Error {
  constructor() {
    super('No saved card to charge');
    this.name = 'NoSavedCard';
  }
}

const statements = preparedStatements((db) => ({
  /** The card to charge (the given one, else the default) with its owner as its gateway knows them, in one read. */
  cardToCharge: db
    .select({
      card: cardAuthorizations,
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, phoneNo: users.phoneNo },
      customerCode: paymentCustomers.customerCode,
    })
    .from(cardAuthorizations)
    .innerJoin(users, eq(users.id, cardAuthorizations.userId))
    .leftJoin(
      paymentCustomers,
      and(
        eq(paymentCustomers.userId, cardAuthorizations.userId),
        eq(paymentCustomers.provider, cardAuthorizations.provider),
        eq(paymentCustomers.testMode, cardAuthorizations.testMode),
      ),
    )
    .where(
      and(
        eq(cardAuthorizations.userId, sql.placeholder('userId')),
        isNull(cardAuthorizations.removedAt),
        sql`${cardAuthorizations.authorizationCode} = coalesce(${sql.placeholder('authorizationCode')}::text, ${cardAuthorizations.authorizationCode})`,
      ),
    )
    .orderBy(desc(cardAuthorizations.isDefault), desc(cardAuthorizations.createdAt))
    .limit(1)
    .prepare('payments_card_to_charge'),
  record: db
    .insert(paymentTransactions)
    .values({
      reference: sql.placeholder('reference'),
      userId: sql.placeholder('userId'),
      provider: sql.placeholder('provider'),
      type: sql.placeholder('type'),
      amount: sql.placeholder('amount'),
      currencyCode: sql.placeholder('currencyCode'),
      appAlias: sql.placeholder('appAlias'),
      description: sql.placeholder('description'),
      testMode: sql.placeholder('testMode'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      authorizationCode: sql.placeholder('authorizationCode'),
    })
    .onConflictDoNothing()
    .returning()
    .prepare('payments_charge_record'),
  ofKey: db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, sql.placeholder('userId')), eq(paymentTransactions.idempotencyKey, sql.placeholder('idempotencyKey'))))
    .prepare('payments_charge_of_key'),
}));

async function cardToCharge(deps: PaymentsDeps, userId: number, authorizationCode?: string) {
  const [found] = await statements(deps.db).cardToCharge.execute({ userId, authorizationCode: authorizationCode ?? null });
  return found ?? null;
}

async function chargeOfKey(deps: PaymentsDeps, request: ChargeRequest): Promise<TransactionRow | null> {
  const [row] = await statements(deps.db).ofKey.execute({ userId: request.userId, idempotencyKey: request.idempotencyKey });
  return row ?? null;
}

/**
 * Charges the card; answers the transaction as it stands (succeeded, failed with the gateway's
 * words, pending). The row is written first; a key used before answers its charge, and one a
 * crashed run left initialized is charged again under its own reference (the gateway refuses a
 * second charge of a reference).
 */
export async function chargeSavedCard(deps: PaymentsDeps, request: ChargeRequest): Promise<Charge> {
  let found = await cardToCharge(deps, request.userId, request.authorizationCode);
  if (!found) {
    // A charge made under this key still answers when its card has gone since.
    const made = await chargeOfKey(deps, request);
    if (made) return unannounced(made);
    throw new NoSavedCard();
  }
  const [inserted] = await statements(deps.db).record.execute({
    reference: newReference(),
    userId: request.userId,
    provider: found.card.provider,
    type: request.type,
    amount: request.amount,
    currencyCode: request.currencyCode,
    appAlias: request.appAlias,
    description: request.description,
    testMode: deps.gateways.get(found.card.provider as GatewayId).testMode,
    idempotencyKey: request.idempotencyKey,
    authorizationCode: found.card.authorizationCode,
  });
  const row = inserted ?? (await chargeOfKey(deps, request));
  if (!row) throw new Error('the charge was not recorded');
  if (!inserted) {
    if (row.status !== 'initialized') return unannounced(row);
    if (row.authorizationCode !== found.card.authorizationCode) found = await cardToCharge(deps, request.userId, row.authorizationCode ?? undefined);
    if (!found) throw new NoSavedCard();
  }
  const { card, user, customerCode } = found;
  const gateway = deps.gateways.get(card.provider as GatewayId);
  let payment: GatewayPayment;
  try {
    payment = await gateway.chargeAuthorization({
      reference: row.reference,
      amount: row.amount,
      currencyCode: row.currencyCode,
      customer: gatewayCustomer(user, customerCode),
      authorizationCode: card.authorizationCode,
      description: row.description,
      metadata: { type: row.type, userId: String(row.userId), ...(row.appAlias ? { appAlias: row.appAlias } : {}) },
      idempotencyKey: `charge:${row.reference}`,
    });
  } catch (error) {
    // Down: the row stays pending and reconciliation asks the gateway later (our reference is the key).
    if (error instanceof GatewayUnavailable) return unannounced(row);
    if (!(error instanceof GatewayRefusal)) throw error;
    // A refusal: the provider kept nothing under our reference (or, taken over, already has it).
    payment = await gateway.retrieve(row.reference, row.providerId).catch(() => ({ ...failed(row), failureMessage: error.message }));
  }
  const applied = await applyOutcome(deps, row, payment);
  return {
    transaction: toTransaction(applied.row ?? (await transactionById(deps.db, row.id))),
    announced: applied.outcome === 'applied' && (isPaid(payment.status) || isDeclined(payment.status)),
  };
}

/** A charge this call did not settle (pending, or settled before): the caller sees to what follows. */
const unannounced = (row: TransactionRow): Charge => ({ transaction: toTransaction(row), announced: false });

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
