/**
 * Payments: transactions (initialize, verify, list), the one place an outcome is applied (verify,
 * webhook and reconciliation all go through `applyOutcome`), saved cards, and stripe's helpers.
 *
 * Exactly once: a transaction row is written before any gateway call (unique per user and
 * idempotency key); a status moves only by a conditional UPDATE on the status read, and only
 * along contract/payments/statuses.ts; a refund carries the idempotency key `refund:<reference>`.
 * No database transaction is ever held across a gateway call: PGlite has one connection, and the
 * in-process test gateway writes to the same database.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayId } from '@contract/constants';
import { PAYMENT_PAGES, PORTAL_SHOP_ALIAS } from '@contract/payments/paths';
import {
  DEFAULT_CHARGE,
  PAYMENT_MESSAGES,
  type Authorization,
  type InitializeAnswer,
  type InitializeRequest,
  type Launch,
  type PaymentType,
  type Transaction,
  type transactionsQuerySchema,
} from '@contract/payments/schemas';
import { canMove, isPaid, needsAction, PAID_STATUSES, type TransactionStatus } from '@contract/payments/statuses';
import type { User } from '@contract/users/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { cardAuthorizations, paymentCustomers, paymentTransactions, webhookEvents } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import {
  GatewayRefusal,
  GatewayUnavailable,
  type CardAuthorization,
  type GatewayCustomer,
  type GatewayPayment,
  type PaymentGateway,
  type WebhookEvent,
} from './gateway';
import type { GatewayRegistry } from './gateways/registry';
import { currentRemoteConfig, type RemoteConfigCache } from './remote-config';

export interface PaymentsDeps {
  db: Database;
  config: Pick<Config, 'PUBLIC_ORIGIN'>;
  gateways: GatewayRegistry;
  remoteConfig: RemoteConfigCache;
  log: FastifyBaseLogger;
}

type TransactionRow = typeof paymentTransactions.$inferSelect;
type CardRow = typeof cardAuthorizations.$inferSelect;

/** How long a repeat of an initialize waits for the first request's gateway answer. */
const REPEAT_WAIT_MS = 10_000;
/** A repeat takes over the gateway call when the first one stopped this long ago without an answer. */
const STALE_INITIALIZE_SECONDS = 30;

/** What each payment type costs and says (the server sets the amount, never the browser). */
const PAYMENT_TYPES: Record<PaymentType, { amount: number; currencyCode: string; isAutoRefund: boolean; description: string; returnPage: string }> = {
  'card-setup': { ...DEFAULT_CHARGE, isAutoRefund: true, description: 'Card check (refunded)', returnPage: PAYMENT_PAGES.methods },
};

function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    reference: row.reference,
    provider: row.provider as GatewayId,
    type: row.type,
    amount: row.amount,
    currencyCode: row.currencyCode,
    status: row.status as TransactionStatus,
    appAlias: row.appAlias,
    description: row.description,
    isAutoRefund: row.isAutoRefund,
    testMode: row.testMode,
    failureMessage: row.failureMessage,
    actionUrl: row.actionUrl,
    authorizationCode: row.authorizationCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAuthorization(row: CardRow): Authorization {
  return {
    authorizationCode: row.authorizationCode,
    provider: row.provider as GatewayId,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    label: row.label,
    isDefault: row.isDefault,
    testMode: row.testMode,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A gateway call whose failures become answers: down -> 503 (kept pending), refused -> 400 with its words. */
async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayUnavailable) throw new HttpError(503, PAYMENT_MESSAGES.gatewayDown);
    if (error instanceof GatewayRefusal) throw new HttpError(400, error.message);
    throw error;
  }
}

/** The user as a gateway knows them, with their customer code there once one exists. */
async function customerOf(
  db: Database,
  user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'phoneNo'>,
  gateway: PaymentGateway,
): Promise<GatewayCustomer> {
  const [row] = await db
    .select({ customerCode: paymentCustomers.customerCode })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, gateway.id), eq(paymentCustomers.testMode, gateway.testMode)));
  return {
    userId: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    phone: user.phoneNo || null,
    customerCode: row?.customerCode ?? null,
  };
}

async function rememberCustomer(db: Database, userId: number, gateway: PaymentGateway, customerCode: string | null): Promise<void> {
  if (!customerCode) return;
  await db.insert(paymentCustomers).values({ userId, provider: gateway.id, testMode: gateway.testMode, customerCode }).onConflictDoNothing();
}

const newReference = () => `ssa_${randomBytes(12).toString('hex')}`;

async function transactionById(db: Database, id: number): Promise<TransactionRow> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  if (!row) throw new HttpError(404, PAYMENT_MESSAGES.notFound);
  return row;
}

/** One of the user's own transactions; anyone else's is a 404. */
async function ownTransaction(db: Database, userId: number, reference: string): Promise<TransactionRow> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.reference, reference), eq(paymentTransactions.userId, userId)));
  if (!row) throw new HttpError(404, PAYMENT_MESSAGES.notFound);
  return row;
}

/** Only pages of this portal: a return URL from the browser must not send a merchant elsewhere. */
function portalUrl(origin: string, given: string | undefined, fallbackPage: string): string {
  if (given === undefined) return `${origin}${fallbackPage}`;
  try {
    if (new URL(given, origin).origin === origin) return new URL(given, origin).toString();
  } catch {
    // Not a URL at all: refused below.
  }
  throw new HttpError(400, PAYMENT_MESSAGES.returnUrl);
}

function launchOf(row: TransactionRow, user: { id: number; email: string }, gateway: PaymentGateway): Launch {
  return {
    provider: gateway.id,
    reference: row.reference,
    amount: row.amount,
    currencyCode: row.currencyCode,
    email: user.email,
    publicKey: gateway.publicKey,
    checkoutUrl: row.checkoutUrl,
    testMode: row.testMode,
    metadata: {
      isAutoRefund: row.isAutoRefund,
      type: row.type,
      transactionDescription: row.description,
      userId: user.id,
      ...(row.appAlias ? { meta: { appAlias: row.appAlias } } : {}),
    },
  };
}

/** A payment the gateway refuses to open ends as failed with its words (a repeat then answers it as it is). */
async function initializeOrFail(db: Database, row: TransactionRow, call: () => Promise<GatewayPayment>): Promise<GatewayPayment> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayRefusal) {
      await db
        .update(paymentTransactions)
        .set({ status: 'failed', failureMessage: error.message, updatedAt: sql`now()` })
        .where(and(eq(paymentTransactions.id, row.id), eq(paymentTransactions.status, 'initialized')));
    }
    throw error;
  }
}

/** The gateway opens the payment; its page and id are stored (outside any DB transaction). */
async function openAtGateway(deps: PaymentsDeps, row: TransactionRow, user: User, request: InitializeRequest): Promise<TransactionRow> {
  const gateway = deps.gateways.get(row.provider as GatewayId);
  const kind = PAYMENT_TYPES[row.type as PaymentType];
  const input = {
    reference: row.reference,
    amount: row.amount,
    currencyCode: row.currencyCode,
    customer: await customerOf(deps.db, user, gateway),
    description: row.description,
    metadata: { type: row.type, userId: String(user.id), isAutoRefund: String(row.isAutoRefund), ...(row.appAlias ? { appAlias: row.appAlias } : {}) },
    saveCard: true,
    returnUrl: portalUrl(deps.config.PUBLIC_ORIGIN, request.checkoutSuccessUrl, kind.returnPage),
    cancelUrl: portalUrl(deps.config.PUBLIC_ORIGIN, request.checkoutCanceledUrl, kind.returnPage),
    idempotencyKey: `initialize:${row.reference}`,
  };
  const payment = await gatewayCall(() => initializeOrFail(deps.db, row, () => gateway.initialize(input)));
  const [stored] = await deps.db
    .update(paymentTransactions)
    .set({ providerId: payment.providerId, checkoutUrl: payment.checkoutUrl, actionUrl: payment.actionUrl, updatedAt: sql`now()` })
    .where(eq(paymentTransactions.id, row.id))
    .returning();
  return stored ?? row;
}

/**
 * POST /v1/transactions/initialize. The row is written first (unique per user and idempotency
 * key), then the gateway is called: a repeat answers the same transaction and launch.
 */
export async function initializeTransaction(deps: PaymentsDeps, user: User, request: InitializeRequest, idempotencyKey: string): Promise<InitializeAnswer> {
  if (request.shopAlias !== PORTAL_SHOP_ALIAS) throw new HttpError(400, PAYMENT_MESSAGES.shopAlias);
  const provider = request.provider ?? (await currentRemoteConfig(deps.db, deps.remoteConfig)).provider;
  const gateway = deps.gateways.get(provider);
  if (request.gatewayCredentialAlias !== undefined && request.gatewayCredentialAlias !== gateway.credentialAlias)
    throw new HttpError(400, PAYMENT_MESSAGES.credentialAlias);
  const kind = PAYMENT_TYPES[request.type];
  // Checked before the row exists: a bad return URL must not leave a transaction behind.
  portalUrl(deps.config.PUBLIC_ORIGIN, request.checkoutSuccessUrl, kind.returnPage);
  portalUrl(deps.config.PUBLIC_ORIGIN, request.checkoutCanceledUrl, kind.returnPage);

  const [inserted] = await deps.db
    .insert(paymentTransactions)
    .values({
      reference: newReference(),
      userId: user.id,
      provider,
      type: request.type,
      amount: kind.amount,
      currencyCode: kind.currencyCode,
      appAlias: request.appAlias ?? null,
      description: kind.description,
      isAutoRefund: kind.isAutoRefund,
      setAsDefault: request.setPaymentMethodAsDefault ?? false,
      testMode: gateway.testMode,
      idempotencyKey,
    })
    .onConflictDoNothing({ target: [paymentTransactions.userId, paymentTransactions.idempotencyKey] })
    .returning();
  if (inserted) {
    const opened = await openAtGateway(deps, inserted, user, request);
    return { transaction: toTransaction(opened), launch: launchOf(opened, user, gateway) };
  }

  const [existing] = await deps.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, user.id), eq(paymentTransactions.idempotencyKey, idempotencyKey)));
  if (!existing) throw new HttpError(409, PAYMENT_MESSAGES.idempotencyReused);
  if (existing.type !== request.type || existing.provider !== provider || existing.appAlias !== (request.appAlias ?? null))
    throw new HttpError(409, PAYMENT_MESSAGES.idempotencyReused);
  const settled = await repeatedInitialize(deps, existing, user, request);
  return { transaction: toTransaction(settled), launch: launchOf(settled, user, deps.gateways.get(settled.provider as GatewayId)) };
}

/**
 * A repeat of an initialize: the first request's answer once it has one. When the first call
 * stopped without one (the gateway was down), a retry after STALE_INITIALIZE_SECONDS claims the
 * row and asks the gateway again, with the same reference and idempotency key.
 */
async function repeatedInitialize(deps: PaymentsDeps, row: TransactionRow, user: User, request: InitializeRequest): Promise<TransactionRow> {
  const deadline = Date.now() + REPEAT_WAIT_MS;
  let current = row;
  while (!current.checkoutUrl && current.status === 'initialized') {
    const [claimed] = await deps.db
      .update(paymentTransactions)
      .set({ updatedAt: sql`now()` })
      .where(
        and(
          eq(paymentTransactions.id, row.id),
          isNull(paymentTransactions.checkoutUrl),
          eq(paymentTransactions.status, 'initialized'),
          sql`${paymentTransactions.updatedAt} < now() - make_interval(secs => ${STALE_INITIALIZE_SECONDS})`,
        ),
      )
      .returning();
    if (claimed) return openAtGateway(deps, claimed, user, request);
    if (Date.now() > deadline) throw new HttpError(503, PAYMENT_MESSAGES.gatewayDown);
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await transactionById(deps.db, row.id);
  }
  return current;
}

type OutcomeResult = 'applied' | 'unchanged' | 'stale' | 'ignored';

/**
 * The one way a gateway's report changes a transaction (verify, webhook, reconciliation). A report
 * of another amount or currency is ignored; a move the table does not allow, or one another
 * caller made first, changes nothing. On the move to paid: the card is saved, then a card check
 * is refunded.
 */
async function applyOutcome(deps: PaymentsDeps, row: TransactionRow, payment: GatewayPayment): Promise<OutcomeResult> {
  if (payment.amount !== row.amount || payment.currencyCode.toUpperCase() !== row.currencyCode) {
    deps.log.warn({ reference: row.reference, provider: row.provider }, 'payment report of another amount or currency ignored');
    return 'ignored';
  }
  const from = row.status as TransactionStatus;
  const to = payment.status;
  // A paid card check whose refund did not go through is retried by reconciliation, not here:
  // a verify racing the webhook would otherwise ask for the refund twice.
  if (from === to) return 'unchanged';
  if (!canMove(from, to)) return 'stale';
  const [moved] = await deps.db
    .update(paymentTransactions)
    .set({
      status: to,
      providerId: payment.providerId ?? row.providerId,
      // Where the merchant finishes it: the gateway's page for that step, else its checkout again.
      actionUrl: payment.actionUrl ?? (needsAction(to) ? row.checkoutUrl : null),
      failureMessage: payment.failureMessage,
      // The provider may report the refund (its webhook) before our own refund call returns.
      ...(to === 'refunded' ? { refundedAt: row.refundedAt ?? new Date() } : {}),
      authorizationCode: payment.authorization?.authorizationCode ?? row.authorizationCode,
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentTransactions.id, row.id), eq(paymentTransactions.status, from)))
    .returning();
  if (!moved) return 'stale';
  if (isPaid(to)) {
    const gateway = deps.gateways.get(row.provider as GatewayId);
    const card = payment.authorization ?? (await cardOfPayment(deps, gateway, moved));
    if (card?.reusable) {
      await rememberCustomer(deps.db, row.userId, gateway, card.customerCode);
      await saveCard(deps.db, row.userId, gateway, card, moved.setAsDefault);
    }
    if (moved.isAutoRefund) await autoRefund(deps, moved);
  }
  return 'applied';
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

/** Refunds a paid card check once (idempotency key refund:<reference>) and records it. A gateway that is down leaves it for reconciliation. */
async function autoRefund(deps: PaymentsDeps, row: TransactionRow): Promise<void> {
  const gateway = deps.gateways.get(row.provider as GatewayId);
  try {
    const refund = await gateway.refund({ reference: row.reference, providerId: row.providerId, idempotencyKey: `refund:${row.reference}` });
    if (refund.status === 'failed') {
      deps.log.warn({ reference: row.reference, provider: row.provider }, 'auto refund failed at the gateway');
      return;
    }
  } catch (error) {
    if (!(error instanceof GatewayUnavailable || error instanceof GatewayRefusal)) throw error;
    deps.log.warn({ reference: row.reference, provider: row.provider, err: error.message }, 'auto refund not done yet: reconciliation retries it');
    return;
  }
  await deps.db
    .update(paymentTransactions)
    .set({ status: 'refunded', refundedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(paymentTransactions.id, row.id), inArray(paymentTransactions.status, [...PAID_STATUSES])));
}

/** Saves a reusable card once (a card known by its code stays with its first owner); the user's first card becomes the default. */
async function saveCard(db: Database, userId: number, gateway: PaymentGateway, card: CardAuthorization, asDefault: boolean): Promise<CardRow | null> {
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
async function verifyRow(deps: PaymentsDeps, row: TransactionRow): Promise<TransactionRow> {
  const gateway = deps.gateways.get(row.provider as GatewayId);
  // A test payment never settles anything once the provider's real keys are set.
  if (gateway.testMode !== row.testMode) throw new HttpError(400, PAYMENT_MESSAGES.testModeOnly);
  const payment = await gatewayCall(() => gateway.retrieve(row.reference, row.providerId));
  await applyOutcome(deps, row, payment);
  return transactionById(deps.db, row.id);
}

/** POST /v1/transactions {reference}. */
export async function verifyTransaction(deps: PaymentsDeps, userId: number, reference: string): Promise<Transaction> {
  return toTransaction(await verifyRow(deps, await ownTransaction(deps.db, userId, reference)));
}

export async function getTransaction(db: Database, userId: number, reference: string): Promise<Transaction> {
  return toTransaction(await ownTransaction(db, userId, reference));
}

/** GET /v1/transactions: the caller's, newest first, with the total of every page. */
export async function listTransactions(
  db: Database,
  userId: number,
  query: z.output<typeof transactionsQuerySchema>,
): Promise<{ items: Transaction[]; total: number }> {
  const statuses = query.status === undefined ? [] : [query.status].flat();
  const conditions: SQL[] = [eq(paymentTransactions.userId, userId)];
  if (statuses.length > 0) conditions.push(inArray(paymentTransactions.status, statuses));
  if (query.appAlias !== undefined) conditions.push(eq(paymentTransactions.appAlias, query.appAlias));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentTransactions)
      .where(where)
      .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    db.select({ total: count() }).from(paymentTransactions).where(where),
  ]);
  return { items: rows.map(toTransaction), total: total?.total ?? 0 };
}

/**
 * A verified webhook, once: its event id is recorded first (ON CONFLICT DO NOTHING), so a replay,
 * or the same delivery reaching two processes, changes nothing. An event for no transaction of
 * ours (or for another provider's, or a test one once real keys are set) is recorded as ignored.
 */
export async function receiveWebhook(deps: PaymentsDeps, gateway: PaymentGateway, event: WebhookEvent): Promise<OutcomeResult | 'replayed'> {
  const reference = event.payment?.reference ?? null;
  const [claimed] = await deps.db
    .insert(webhookEvents)
    .values({ provider: gateway.id, eventId: event.eventId, type: event.type, reference, outcome: 'received' })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  if (!claimed) return 'replayed';
  const thisEvent = and(eq(webhookEvents.provider, gateway.id), eq(webhookEvents.eventId, event.eventId));
  let outcome: OutcomeResult = 'ignored';
  try {
    if (event.payment) {
      const [row] = await deps.db
        .select()
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.reference, event.payment.reference),
            eq(paymentTransactions.provider, gateway.id),
            eq(paymentTransactions.testMode, gateway.testMode),
          ),
        );
      if (row) outcome = await applyOutcome(deps, row, event.payment);
    }
  } catch (error) {
    // Not processed: forgotten, so the provider's retry is processed instead of taken for a replay.
    await deps.db.delete(webhookEvents).where(thisEvent);
    throw error;
  }
  await deps.db.update(webhookEvents).set({ outcome }).where(thisEvent);
  return outcome;
}

/**
 * Reconciliation: transactions left pending for RECONCILE_AFTER (and paid card checks whose refund
 * did not go through) are verified again. Each is claimed by a conditional UPDATE of updated_at,
 * so two processes do not both ask the gateway about it.
 */
export async function reconcile(deps: PaymentsDeps, olderThanSeconds: number, batch = 50): Promise<number> {
  const due = deps.db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        sql`${paymentTransactions.updatedAt} < now() - make_interval(secs => ${olderThanSeconds})`,
        sql`${paymentTransactions.createdAt} > now() - interval '7 days'`,
        or(
          inArray(paymentTransactions.status, ['initialized', 'processing', 'requires_action']),
          and(eq(paymentTransactions.isAutoRefund, true), isNull(paymentTransactions.refundedAt), inArray(paymentTransactions.status, [...PAID_STATUSES])),
        ),
      ),
    )
    .orderBy(paymentTransactions.updatedAt)
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(paymentTransactions)
    .set({ updatedAt: sql`now()` })
    .where(inArray(paymentTransactions.id, due))
    .returning({ id: paymentTransactions.id });
  const ids = claimed.map((row) => row.id);
  for (const id of ids) {
    try {
      const row = await transactionById(deps.db, id);
      if (isPaid(row.status)) await autoRefund(deps, row);
      else await verifyRow(deps, row);
    } catch (error) {
      deps.log.warn({ transactionId: id, err: (error as Error).message }, 'reconciliation: transaction not verified this time');
    }
  }
  return ids.length;
}

/* Saved cards. */

async function ownCard(db: Database, userId: number, authorizationCode: string, provider?: GatewayId): Promise<CardRow> {
  const conditions = [eq(cardAuthorizations.userId, userId), eq(cardAuthorizations.authorizationCode, authorizationCode), isNull(cardAuthorizations.removedAt)];
  if (provider) conditions.push(eq(cardAuthorizations.provider, provider));
  const [row] = await db
    .select()
    .from(cardAuthorizations)
    .where(and(...conditions));
  if (!row) throw new HttpError(404, PAYMENT_MESSAGES.cardNotFound);
  return row;
}

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

/* Stripe's helpers (spec section 7: stripe add card and checkout). */

/** The user's stripe customer, made once (a concurrent second one is left unused at stripe). */
async function stripeCustomer(deps: PaymentsDeps, user: User): Promise<GatewayCustomer & { customerCode: string }> {
  const stripe = deps.gateways.stripe();
  const customer = await customerOf(deps.db, user, stripe);
  if (customer.customerCode) return { ...customer, customerCode: customer.customerCode };
  const made = await gatewayCall(() => stripe.createCustomer(customer));
  await rememberCustomer(deps.db, user.id, stripe, made);
  const stored = await customerOf(deps.db, user, stripe);
  return { ...stored, customerCode: stored.customerCode ?? made };
}

export async function createSetupIntent(
  deps: PaymentsDeps,
  user: User,
  input: { shopAlias: string; gatewayCredentialAlias?: string | undefined; description?: string | undefined },
  idempotencyKey: string | undefined,
) {
  if (input.shopAlias !== PORTAL_SHOP_ALIAS) throw new HttpError(400, PAYMENT_MESSAGES.shopAlias);
  const stripe = deps.gateways.stripe();
  if (input.gatewayCredentialAlias !== undefined && input.gatewayCredentialAlias !== stripe.credentialAlias)
    throw new HttpError(400, PAYMENT_MESSAGES.credentialAlias);
  const customer = await stripeCustomer(deps, user);
  return gatewayCall(() =>
    stripe.createSetupIntent({
      customerCode: customer.customerCode,
      description: input.description || 'Save a card',
      idempotencyKey: `setup:${user.id}:${idempotencyKey ?? randomBytes(12).toString('hex')}`,
    }),
  );
}

/** Another user's stripe object, or one stripe does not know: the same 404. */
async function stripeLookup<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await gatewayCall(call);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) throw new HttpError(404, PAYMENT_MESSAGES.notFound);
    throw error;
  }
}

export async function getSetupIntent(deps: PaymentsDeps, user: User, id: string) {
  const stripe = deps.gateways.stripe();
  const customer = await customerOf(deps.db, user, stripe);
  const intent = await stripeLookup(() => stripe.retrieveSetupIntent(id));
  if (!customer.customerCode || intent.customer !== customer.customerCode) throw new HttpError(404, PAYMENT_MESSAGES.notFound);
  return { id: intent.id, client_secret: intent.client_secret, status: intent.status, payment_method: intent.payment_method };
}

/** A stripe object belongs to the caller when it names one of their transactions (by our reference or its id). */
async function ownsStripeObject(db: Database, userId: number, objectId: string, reference: string | undefined): Promise<boolean> {
  const byObject = eq(paymentTransactions.providerId, objectId);
  const [row] = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.userId, userId),
        eq(paymentTransactions.provider, 'stripe'),
        reference ? sql`(${byObject} OR ${paymentTransactions.reference} = ${reference})` : byObject,
      ),
    );
  return Boolean(row);
}

export async function getPaymentIntent(deps: PaymentsDeps, userId: number, id: string) {
  const stripe = deps.gateways.stripe();
  const intent = await stripeLookup(() => stripe.retrievePaymentIntent(id));
  if (!(await ownsStripeObject(deps.db, userId, intent.id, intent.metadata.reference))) throw new HttpError(404, PAYMENT_MESSAGES.notFound);
  return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency };
}

export async function getSession(deps: PaymentsDeps, userId: number, id: string) {
  const stripe = deps.gateways.stripe();
  const session = await stripeLookup(() => stripe.retrieveSession(id));
  if (!(await ownsStripeObject(deps.db, userId, session.id, session.metadata.reference))) throw new HttpError(404, PAYMENT_MESSAGES.notFound);
  return { id: session.id, url: session.url, status: session.status, payment_status: session.payment_status };
}

/** POST /v1/transactions/sessions {reference}: the checkout session of one of the caller's stripe transactions. */
export async function sessionOfTransaction(deps: PaymentsDeps, userId: number, reference: string) {
  const row = await ownTransaction(deps.db, userId, reference);
  if (row.provider !== 'stripe' || !row.providerId) throw new HttpError(400, PAYMENT_MESSAGES.noSession);
  return getSession(deps, userId, row.providerId);
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
