/** Stripe's helpers (spec section 7: stripe add card and checkout): setup intents, payment intents and checkout sessions. */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PORTAL_SHOP_ALIAS } from '@contract/payments/paths';
import { PAYMENT_MESSAGES, type SetupIntent } from '@contract/payments/schemas';
import type { User } from '@contract/users/schemas';
import type { Database } from '../../db/database';
import { paymentTransactions } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { GatewayCustomer, StripeSetupIntent } from './gateway';
import { customerOf, gatewayCall, ownTransaction, rememberCustomer, type PaymentsDeps } from './records';

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
  const intent = await gatewayCall(() =>
    stripe.createSetupIntent({
      customerCode: customer.customerCode,
      description: input.description || 'Save a card',
      idempotencyKey: `setup:${user.id}:${idempotencyKey ?? randomBytes(12).toString('hex')}`,
    }),
  );
  return { ...setupIntentOf(intent), testMode: stripe.testMode, publicKey: stripe.publicKey };
}

const setupIntentOf = (intent: StripeSetupIntent): SetupIntent => ({
  id: intent.id,
  client_secret: intent.client_secret,
  status: intent.status,
  payment_method: intent.payment_method,
  last_setup_error: intent.last_setup_error,
});

/** Another user's stripe object, or one stripe does not know: the same 404. */
export async function stripeLookup<T>(call: () => Promise<T>): Promise<T> {
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
  return setupIntentOf(intent);
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
