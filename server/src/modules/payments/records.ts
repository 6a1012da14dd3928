/**
 * The payments module's rows: their contract shapes, the caller's own rows (anyone else's is a 404),
 * new references, the user as a gateway knows them, and how a gateway's failure becomes an answer.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayId } from '@contract/constants';
import { PAYMENT_MESSAGES, type Authorization, type Transaction, type TransactionListItem } from '@contract/payments/schemas';
import type { TransactionStatus } from '@contract/payments/statuses';
import type { User } from '@contract/users/schemas';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { cardAuthorizations, paymentCustomers, paymentTransactions } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { GatewayRefusal, GatewayUnavailable, type GatewayCustomer, type PaymentGateway } from './gateway';
import type { GatewayRegistry } from './gateways/registry';
import type { RemoteConfigCache } from './remote-config';

export interface PaymentsDeps {
  db: Database;
  config: Pick<Config, 'PUBLIC_ORIGIN'>;
  gateways: GatewayRegistry;
  remoteConfig: RemoteConfigCache;
  /** What other modules do when one of their payments settles, by transaction type. */
  settled: SettledHooks;
  log: FastifyBaseLogger;
}

/**
 * Called once per payment that moves to paid or declined (contract/payments/statuses.ts), by whichever path moved it (the charge's
 * own answer, verify, a webhook, reconciliation): billing sends the receipt of a bill paid later.
 */
export type SettledHook = (settled: { transaction: Transaction; idempotencyKey: string }) => Promise<void>;
export type SettledHooks = Map<string, SettledHook>;

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type CardRow = typeof cardAuthorizations.$inferSelect;

export function toTransaction(row: TransactionRow): Transaction {
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

/** The columns a list row needs (transactionListItemSchema), and no more. */
export const LIST_COLUMNS = {
  reference: paymentTransactions.reference,
  provider: paymentTransactions.provider,
  amount: paymentTransactions.amount,
  currencyCode: paymentTransactions.currencyCode,
  status: paymentTransactions.status,
  appAlias: paymentTransactions.appAlias,
  description: paymentTransactions.description,
  testMode: paymentTransactions.testMode,
  failureMessage: paymentTransactions.failureMessage,
  actionUrl: paymentTransactions.actionUrl,
  createdAt: paymentTransactions.createdAt,
};

export function toListItem(row: Pick<TransactionRow, keyof typeof LIST_COLUMNS>): TransactionListItem {
  return {
    ...row,
    provider: row.provider as GatewayId,
    status: row.status as TransactionStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAuthorization(row: CardRow): Authorization {
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
export async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayUnavailable) throw new HttpError(503, PAYMENT_MESSAGES.gatewayDown);
    if (error instanceof GatewayRefusal) throw new HttpError(400, error.message);
    throw error;
  }
}

type CustomerUser = Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'phoneNo'>;

/** The user as a gateway knows them, with their customer code there once one exists. */
export async function customerOf(db: Database, user: CustomerUser, gateway: PaymentGateway): Promise<GatewayCustomer> {
  const [row] = await db
    .select({ customerCode: paymentCustomers.customerCode })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, gateway.id), eq(paymentCustomers.testMode, gateway.testMode)));
  return gatewayCustomer(user, row?.customerCode ?? null);
}

export function gatewayCustomer(user: CustomerUser, customerCode: string | null): GatewayCustomer {
  return { userId: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), phone: user.phoneNo || null, customerCode };
}

export async function rememberCustomer(db: Database, userId: number, gateway: PaymentGateway, customerCode: string | null): Promise<void> {
  if (!customerCode) return;
  await db.insert(paymentCustomers).values({ userId, provider: gateway.id, testMode: gateway.testMode, customerCode }).onConflictDoNothing();
}

export const newReference = () => `ssa_${randomBytes(12).toString('hex')}`;

export async function transactionById(db: Database, id: number): Promise<TransactionRow> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  if (!row) throw new HttpError(404, PAYMENT_MESSAGES.notFound);
  return row;
}

/** One of the user's own transactions; anyone else's is a 404. */
export async function ownTransaction(db: Database, userId: number, reference: string): Promise<TransactionRow> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.reference, reference), eq(paymentTransactions.userId, userId)));
  if (!row) throw new HttpError(404, PAYMENT_MESSAGES.notFound);
  return row;
}

/** One of the user's saved cards (not removed); anyone else's is a 404. */
export async function ownCard(db: Database, userId: number, authorizationCode: string, provider?: GatewayId): Promise<CardRow> {
  const conditions = [eq(cardAuthorizations.userId, userId), eq(cardAuthorizations.authorizationCode, authorizationCode), isNull(cardAuthorizations.removedAt)];
  if (provider) conditions.push(eq(cardAuthorizations.provider, provider));
  const [row] = await db
    .select()
    .from(cardAuthorizations)
    .where(and(...conditions));
  if (!row) throw new HttpError(404, PAYMENT_MESSAGES.cardNotFound);
  return row;
}
