/**
 * Transactions: initialize (with its idempotent repeat), verify, get and list.
 *
 * Exactly once: a transaction row is written before any gateway call (unique per user and
 * idempotency key), and no database transaction is held across that call.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { GatewayId } from '@contract/constants';
import { PAYMENT_PAGES, PORTAL_SHOP_ALIAS } from '@contract/payments/paths';
import {
  DEFAULT_CHARGE,
  PAYMENT_MESSAGES,
  type InitializeAnswer,
  type InitializeRequest,
  type Launch,
  type PaymentType,
  type Transaction,
  type TransactionListItem,
  type transactionsQuerySchema,
} from '@contract/payments/schemas';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { paymentTransactions } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { GatewayRefusal, type GatewayPayment, type PaymentGateway } from './gateway';
import { verifyRow } from './outcomes';
import {
  customerOf,
  gatewayCall,
  LIST_COLUMNS,
  newReference,
  ownTransaction,
  toListItem,
  toTransaction,
  transactionById,
  type PaymentsDeps,
  type TransactionRow,
} from './records';
import { currentRemoteConfig } from './remote-config';

/** How long a repeat of an initialize waits for the first request's gateway answer. */
const REPEAT_WAIT_MS = 10_000;
/** A repeat takes over the gateway call when the first one stopped this long ago without an answer. */
const STALE_INITIALIZE_SECONDS = 30;

/** What each payment type costs and says (the server sets the amount, never the browser). */
const PAYMENT_TYPES: Record<PaymentType, { amount: number; currencyCode: string; isAutoRefund: boolean; description: string; returnPage: string }> = {
  'card-setup': { ...DEFAULT_CHARGE, isAutoRefund: true, description: 'Card check (refunded)', returnPage: PAYMENT_PAGES.methods },
};

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

/** POST /v1/transactions {reference}. */
export async function verifyTransaction(deps: PaymentsDeps, userId: number, reference: string): Promise<Transaction> {
  return toTransaction(await verifyRow(deps, await ownTransaction(deps.db, userId, reference)));
}

export async function getTransaction(db: Database, userId: number, reference: string): Promise<Transaction> {
  return toTransaction(await ownTransaction(db, userId, reference));
}

/** GET /v1/transactions: one page of the caller's, newest first, with the total of every page. */
export async function listTransactions(
  db: Database,
  userId: number,
  query: z.output<typeof transactionsQuerySchema> & {
    /** Only payments of this type (bill payments: BILLING_TRANSACTION_TYPE). */
    type?: string;
    /** Only payments whose idempotency key starts with one of these (one subscription's bills). */
    keyPrefixes?: readonly string[];
  },
): Promise<{ items: TransactionListItem[]; total: number }> {
  const statuses = query.status === undefined ? [] : [query.status].flat();
  const conditions: SQL[] = [eq(paymentTransactions.userId, userId)];
  if (query.type !== undefined) conditions.push(eq(paymentTransactions.type, query.type));
  if (query.keyPrefixes !== undefined)
    conditions.push(
      query.keyPrefixes.length === 0
        ? sql`false`
        : (or(...query.keyPrefixes.map((prefix) => like(paymentTransactions.idempotencyKey, `${prefix}%`))) ?? sql`false`),
    );
  if (statuses.length > 0) conditions.push(inArray(paymentTransactions.status, statuses));
  if (query.provider !== undefined) conditions.push(eq(paymentTransactions.provider, query.provider));
  if (query.appAlias !== undefined) conditions.push(eq(paymentTransactions.appAlias, query.appAlias));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(LIST_COLUMNS)
      .from(paymentTransactions)
      .where(where)
      .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    db.select({ total: count() }).from(paymentTransactions).where(where),
  ]);
  return { items: rows.map(toListItem), total: total?.total ?? 0 };
}

/** GET /v1/transactions/apps: the apps the caller's transactions name, in order. */
export async function listTransactionApps(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ appAlias: paymentTransactions.appAlias })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.userId, userId), isNotNull(paymentTransactions.appAlias)))
    .orderBy(paymentTransactions.appAlias);
  return rows.flatMap((row) => (row.appAlias === null ? [] : [row.appAlias]));
}
