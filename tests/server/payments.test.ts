/**
 * The payments module through HTTP on PGlite and PostgreSQL, with the Paystack adapter talking to
 * its built-in test gateway over loopback (the app listens on 127.0.0.1): card setup end to end
 * through the hosted page as a browser posts it, exactly-once under parallel requests and racing
 * webhooks, declines and 3-D Secure left pending, webhooks replayed and forged, other users'
 * objects, bad input, saved cards, the remote config, and two processes on one database.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@contract/api';
import { ROLE } from '@contract/constants';
import { IDEMPOTENCY_HEADER, PORTAL_SHOP_ALIAS } from '@contract/payments/paths';
import { TRANSACTION_STATUSES, TRANSITIONS } from '@contract/payments/statuses';
import {
  DEFAULT_PAYMENTS_CONFIG,
  PAYMENT_MESSAGES,
  type Authorization,
  type InitializeAnswer,
  type Transaction,
  type TransactionListItem,
} from '@contract/payments/schemas';
import type { AppInstance } from '../../server/src/app';
import { REPO_ROOT } from '../../server/src/config';
import { cardAuthorizations, paymentTransactions, sandboxObjects, userRoles, webhookEvents } from '../../server/src/db/schema';
import type { DatabaseHandle } from '../../server/src/db/database';
import { TEST_CARDS } from '../../server/src/modules/payments/sandbox/cards';
import { testKeys } from '../../server/src/modules/payments/sandbox/keys';
import { WEBHOOK_LEASE_SECONDS } from '../../server/src/modules/payments/webhooks';
import { openSeededDatabaseAt } from '../../server/src/seed';
import { bearer, registrationPayload, useApp, type Kit } from './kit';
import { basicAuth, captureLogs, databaseKinds, openFreshDatabase, removeTempDirs, startApp, testConfig, TEST_JWT_SECRET } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const PAYSTACK_SECRET = testKeys(TEST_JWT_SECRET, 'paystack').secretKey;
const MASTERCARD = '5555555555554444';
const EXPIRY = '12 / 34';

type Data<T> = { message: string; data: T };
const dataOf = <T>(response: LightMyRequestResponse) => response.json<Data<T>>().data;

let keyCounter = 0;
const freshKey = () => `key-${process.pid}-${++keyCounter}`;

async function listening(app: AppInstance): Promise<void> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
}

function initialize(kit: Kit, token: string, body: Record<string, unknown> = {}, key: string | null = freshKey()) {
  return kit.call(
    'POST',
    '/v1/transactions/initialize',
    token,
    { type: 'card-setup', provider: 'paystack', shopAlias: PORTAL_SHOP_ALIAS, ...body },
    key === null ? {} : { [IDEMPOTENCY_HEADER]: key },
  );
}

async function initialized(kit: Kit, token: string, body: Record<string, unknown> = {}): Promise<InitializeAnswer> {
  const response = await initialize(kit, token, body);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<InitializeAnswer>(response);
}

/** What a browser does on the hosted page: open it, fill in the card form, press Pay (the form posts urlencoded). */
async function payOnPage(app: AppInstance, checkoutUrl: string, number: string, expiry = EXPIRY): Promise<LightMyRequestResponse> {
  const path = new URL(checkoutUrl).pathname;
  const page = await app.inject({ method: 'GET', url: path });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.body).toContain('Test mode');
  expect(page.body).toContain('Card number');
  const form = new URLSearchParams({ number, expiry, cvc: '123', name: 'Ada Lovelace' }).toString();
  return app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
}

async function transactionOf(kit: Kit, token: string, reference: string): Promise<Transaction> {
  const response = await kit.call('GET', `/v1/transactions/${reference}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Transaction>(response);
}

/** Webhooks and refunds arrive in the background: waits for the transaction to reach `status`. */
async function settled(kit: Kit, token: string, reference: string, status: Transaction['status'] = 'refunded'): Promise<Transaction> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const transaction = await transactionOf(kit, token, reference);
    if (transaction.status === status) return transaction;
    if (Date.now() > deadline) throw new Error(`${reference} stayed ${transaction.status}, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A card saved through the whole card setup: initialize, pay on the hosted page, webhook, refund. */
async function savedCard(
  kit: Kit,
  token: string,
  number: string = TEST_CARDS.succeeds,
  body: Record<string, unknown> = {},
  expiry = EXPIRY,
): Promise<Transaction> {
  const { launch, transaction } = await initialized(kit, token, body);
  const paid = await payOnPage(kit.app, launch.checkoutUrl ?? '', number, expiry);
  expect(paid.statusCode, paid.body).toBe(303);
  return settled(kit, token, transaction.reference);
}

function signedWebhook(body: unknown, secret = PAYSTACK_SECRET) {
  const payload = JSON.stringify(body);
  return { payload, headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', secret).update(payload).digest('hex') } };
}

function postWebhook(app: AppInstance, webhook: { payload: string; headers: Record<string, string> }) {
  return app.inject({ method: 'POST', url: '/v1/webhooks/paystack', headers: webhook.headers, payload: webhook.payload });
}

/** Paystack's charge.success for `reference`, as its test gateway would sign it. */
function chargeSuccess(reference: string, amount: number, currency = 'USD', id = 424242) {
  return {
    event: 'charge.success',
    data: {
      id,
      status: 'success',
      reference,
      amount,
      currency,
      gateway_response: 'Successful',
      metadata: null,
      customer: { email: 'x@example.com', customer_code: 'CUS_x' },
      authorization: {},
    },
  };
}

type SeededRow = Pick<TransactionListItem, 'reference' | 'status' | 'provider' | 'appAlias'>;

/** `count` finished transactions of `userId` written straight to the table, a minute apart: the newest first, as the list answers. */
async function seedTransactions(database: DatabaseHandle, userId: number, count: number): Promise<SeededRow[]> {
  const statuses = ['refunded', 'failed', 'requires_action', 'cancelled'] as const;
  const providers = ['paystack', 'flutterwave', 'stripe'] as const;
  const rows = Array.from({ length: count }, (_, i) => ({
    reference: `ssa_seed_${userId}_${i}`,
    userId,
    provider: providers[i % providers.length] ?? 'paystack',
    type: 'card-setup',
    amount: 100,
    currencyCode: 'USD',
    status: statuses[i % statuses.length] ?? 'failed',
    appAlias: i % 7 === 0 ? null : i % 2 === 0 ? 'shop-a' : 'shop-b',
    description: 'Card check (refunded)',
    testMode: true,
    idempotencyKey: `seed-${i}`,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  }));
  await database.db.insert(paymentTransactions).values(rows);
  return rows.reverse().map(({ reference, status, provider, appAlias }) => ({ reference, status, provider, appAlias }));
}

async function refundsAtGateway(database: DatabaseHandle, reference: string): Promise<number> {
  const rows = await database.db
    .select({ id: sandboxObjects.id })
    .from(sandboxObjects)
    .where(
      and(eq(sandboxObjects.provider, 'paystack'), eq(sandboxObjects.kind, 'refund'), sql`${sandboxObjects.data} ->> 'transaction_reference' = ${reference}`),
    );
  return rows.length;
}

describe.each(kinds)('payments on %s', (kind) => {
  const kit = useApp(kind);
  beforeAll(async () => listening(kit.app));

  it('card setup end to end: initialize, pay 4242 on the hosted page, the webhook moves it to paid, the card is saved as default and the $1.00 refunded', async () => {
    const { token, user } = await kit.register();
    const { transaction, launch } = await initialized(kit, token, { appAlias: 'my-shop' });
    expect(transaction).toMatchObject({
      provider: 'paystack',
      type: 'card-setup',
      amount: 100,
      currencyCode: 'USD',
      status: 'initialized',
      isAutoRefund: true,
      testMode: true,
      appAlias: 'my-shop',
    });
    expect(launch).toMatchObject({
      provider: 'paystack',
      reference: transaction.reference,
      amount: 100,
      currencyCode: 'USD',
      email: user.email,
      testMode: true,
    });
    expect(launch.publicKey).toMatch(/^pk_test_/);
    expect(launch.metadata).toMatchObject({ isAutoRefund: true, type: 'card-setup', userId: user.id });
    expect(launch.checkoutUrl).toMatch(new RegExp(`^${kit.config.PUBLIC_ORIGIN}/sandbox/paystack/`));

    const paid = await payOnPage(kit.app, launch.checkoutUrl ?? '', TEST_CARDS.succeeds);
    expect(paid.statusCode, paid.body).toBe(303);
    const done = await settled(kit, token, transaction.reference);
    expect(done.authorizationCode).toMatch(/^AUTH_/);
    expect(await refundsAtGateway(kit.database, transaction.reference)).toBe(1);

    const cards = dataOf<Authorization[]>(await kit.call('GET', '/v1/authorizations', token));
    expect(cards).toEqual([
      expect.objectContaining({
        authorizationCode: done.authorizationCode,
        provider: 'paystack',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2034,
        isDefault: true,
        testMode: true,
        label: null,
      }),
    ]);
    const one = await kit.call('GET', `/v1/card-authorizations/${done.authorizationCode}?provider=paystack`, token);
    expect(dataOf<Authorization>(one)).toEqual(cards[0]);

    const events = await kit.database.db.select().from(webhookEvents).where(eq(webhookEvents.reference, transaction.reference));
    expect(events.map((event) => event.outcome)).toContain('applied');
    // Only the gateway's pages ever saw the card number.
    const stored = JSON.stringify([
      await kit.database.db.select().from(sandboxObjects),
      await kit.database.db.select().from(paymentTransactions),
      await kit.database.db.select().from(cardAuthorizations),
    ]);
    expect(stored).not.toContain(TEST_CARDS.succeeds);
  });

  it('a verify racing the webhook changes the transaction once: one refund, one saved card', async () => {
    const { token } = await kit.register();
    const { transaction, launch } = await initialized(kit, token);
    const paid = await payOnPage(kit.app, launch.checkoutUrl ?? '', TEST_CARDS.succeeds);
    expect(paid.statusCode).toBe(303);
    const verifies = await Promise.all(Array.from({ length: 5 }, () => kit.call('POST', '/v1/transactions', token, { reference: transaction.reference })));
    for (const response of verifies) expect(response.statusCode, response.body).toBe(200);
    const done = await settled(kit, token, transaction.reference);
    // The refund's own webhook arrives too: give it time to (not) change anything.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await transactionOf(kit, token, transaction.reference)).status).toBe('refunded');
    expect(await refundsAtGateway(kit.database, transaction.reference)).toBe(1);
    const cards = await kit.database.db
      .select()
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.authorizationCode, done.authorizationCode ?? ''));
    expect(cards).toHaveLength(1);
  });

  it('20 parallel initializes with one idempotency key make one transaction; the key reused for another payment is a 409', async () => {
    const { token, user } = await kit.register();
    const key = freshKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => initialize(kit, token, {}, key)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const references = new Set(answers.map((answer) => dataOf<InitializeAnswer>(answer).transaction.reference));
    expect(references.size).toBe(1);
    expect(new Set(answers.map((answer) => dataOf<InitializeAnswer>(answer).launch.checkoutUrl)).size).toBe(1);
    const rows = await kit.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, user.id));
    expect(rows).toHaveLength(1);
    const sandboxRows = await kit.database.db
      .select()
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.kind, 'transaction'), eq(sandboxObjects.id, rows[0]!.reference)));
    expect(sandboxRows).toHaveLength(1);

    const reused = await initialize(kit, token, { appAlias: 'another-app' }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ message: PAYMENT_MESSAGES.idempotencyReused });
  });

  it('a declined card and a 3-D Secure payment left pending are what the startup asks for; the challenge finishes the second', async () => {
    const { token } = await kit.register();
    const declined = await initialized(kit, token);
    const page = await payOnPage(kit.app, declined.launch.checkoutUrl ?? '', TEST_CARDS.declined);
    expect(page.statusCode).toBe(303);
    const again = await kit.app.inject({ method: 'GET', url: new URL(declined.launch.checkoutUrl ?? '').pathname });
    expect(again.body).toContain(PAYMENT_MESSAGES.declined);
    const verified = await kit.call('POST', '/v1/transactions', token, { reference: declined.transaction.reference });
    expect(dataOf<Transaction>(verified)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
      actionUrl: declined.launch.checkoutUrl,
    });

    const secure = await initialized(kit, token);
    expect((await payOnPage(kit.app, secure.launch.checkoutUrl ?? '', TEST_CARDS.threeDSecure)).statusCode).toBe(303);
    const challenge = await kit.app.inject({ method: 'GET', url: new URL(secure.launch.checkoutUrl ?? '').pathname });
    expect(challenge.body).toContain('Complete');
    const pending = await kit.call('POST', '/v1/transactions', token, { reference: secure.transaction.reference });
    expect(dataOf<Transaction>(pending)).toMatchObject({ status: 'requires_action', actionUrl: secure.launch.checkoutUrl });
    await initialized(kit, token);

    const list = await kit.call('GET', '/v1/transactions?status=requires_action&status=requires_payment_method', token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect(dataOf<Transaction[]>(list).map((transaction) => [transaction.reference, transaction.status])).toEqual([
      [secure.transaction.reference, 'requires_action'],
      [declined.transaction.reference, 'requires_payment_method'],
    ]);
    const all = await kit.call('GET', '/v1/transactions?limit=1&page=1', token);
    expect(all.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(dataOf<Transaction[]>(all).map((transaction) => transaction.reference)).toEqual([secure.transaction.reference]);

    const complete = await kit.app.inject({
      method: 'POST',
      url: `${new URL(secure.launch.checkoutUrl ?? '').pathname}/challenge/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(complete.statusCode, complete.body).toBe(303);
    await settled(kit, token, secure.transaction.reference);
    const left = await kit.call('GET', '/v1/transactions?status=requires_action&status=requires_payment_method', token);
    expect(dataOf<Transaction[]>(left).map((transaction) => transaction.reference)).toEqual([declined.transaction.reference]);
  });

  it('webhooks: a replay changes nothing, a forged or unsigned one is a 400, an unknown reference or another amount is recorded and ignored', async () => {
    const { token } = await kit.register();
    const { transaction } = await initialized(kit, token);

    const otherAmount = signedWebhook(chargeSuccess(transaction.reference, 999_999));
    const first = await postWebhook(kit.app, otherAmount);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: 'ignored', data: null });
    const replay = await postWebhook(kit.app, otherAmount);
    expect(replay.json()).toEqual({ message: 'replayed', data: null });
    expect((await transactionOf(kit, token, transaction.reference)).status).toBe('initialized');

    const otherCurrency = await postWebhook(kit.app, signedWebhook(chargeSuccess(transaction.reference, 100, 'NGN', 7)));
    expect(otherCurrency.json()).toEqual({ message: 'ignored', data: null });
    const unknown = await postWebhook(kit.app, signedWebhook(chargeSuccess('ssa_nobody', 100)));
    expect(unknown.json()).toEqual({ message: 'ignored', data: null });
    const recorded = await kit.database.db.select().from(webhookEvents).where(eq(webhookEvents.reference, 'ssa_nobody'));
    expect(recorded.map((event) => event.outcome)).toEqual(['ignored']);

    const forged = signedWebhook(chargeSuccess(transaction.reference, 100), 'sk_test_not-the-key');
    const refused = await postWebhook(kit.app, forged);
    expect(refused.statusCode).toBe(400);
    const resigned = await postWebhook(kit.app, {
      payload: forged.payload.replace('"amount":100', '"amount":1'),
      headers: signedWebhook(chargeSuccess(transaction.reference, 100)).headers,
    });
    expect(resigned.statusCode).toBe(400);
    const unsigned = await kit.app.inject({
      method: 'POST',
      url: '/v1/webhooks/paystack',
      headers: { 'content-type': 'application/json' },
      payload: forged.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ message: PAYMENT_MESSAGES.webhookSignature });
    const unknownProvider = await kit.app.inject({ method: 'POST', url: '/v1/webhooks/paypal', headers: forged.headers, payload: forged.payload });
    expect(unknownProvider.statusCode).toBe(400);
    expect(unknownProvider.json()).toEqual({ message: PAYMENT_MESSAGES.provider });
    const huge = signedWebhook({ event: 'charge.success', data: { padding: 'x'.repeat(1024 * 1024) } });
    expect((await postWebhook(kit.app, huge)).statusCode).toBe(413);
    expect((await transactionOf(kit, token, transaction.reference)).status).toBe('initialized');
  });

  it('ten deliveries reporting the same payment at once (distinct event ids) move it once', async () => {
    const { token } = await kit.register();
    const { transaction } = await initialized(kit, token);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => postWebhook(kit.app, signedWebhook(chargeSuccess(transaction.reference, 100, 'USD', 9000 + index)))),
    );
    const outcomes = answers.map((answer) => answer.json<{ message: string }>().message);
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'applied').every((outcome) => outcome === 'stale' || outcome === 'unchanged')).toBe(true);
    // The test gateway holds no such payment, so its refund is refused and the payment stays paid for reconciliation.
    expect((await transactionOf(kit, token, transaction.reference)).status).toBe('success');
  });

  it('an event claimed by a process that died before applying it is answered 503 while its lease holds, then applied by the next delivery', async () => {
    const { token } = await kit.register();
    const { transaction } = await initialized(kit, token);
    const event = signedWebhook(chargeSuccess(transaction.reference, 100, 'USD', 8080));
    expect((await postWebhook(kit.app, event)).json()).toEqual({ message: 'applied', data: null });
    // As a process killed between the claim and the move leaves them.
    await kit.database.db
      .update(webhookEvents)
      .set({ outcome: 'received', receivedAt: sql`now()` })
      .where(eq(webhookEvents.reference, transaction.reference));
    await kit.database.db.update(paymentTransactions).set({ status: 'initialized' }).where(eq(paymentTransactions.reference, transaction.reference));

    const held = await postWebhook(kit.app, event);
    expect(held.statusCode).toBe(503);
    expect(held.headers['retry-after']).toBe(String(WEBHOOK_LEASE_SECONDS));
    expect(held.json()).toEqual({ message: PAYMENT_MESSAGES.webhookInProgress });
    expect((await transactionOf(kit, token, transaction.reference)).status).toBe('initialized');

    await kit.database.db
      .update(webhookEvents)
      .set({ receivedAt: sql`now() - make_interval(secs => ${WEBHOOK_LEASE_SECONDS + 1})` })
      .where(eq(webhookEvents.reference, transaction.reference));
    const taken = await Promise.all([postWebhook(kit.app, event), postWebhook(kit.app, event)]);
    // One of two deliveries at once takes it over; the other finds it being processed, or done.
    const messages = taken.map((answer) => answer.json<{ message: string }>().message).sort();
    expect([['applied', PAYMENT_MESSAGES.webhookInProgress].sort(), ['applied', 'replayed'].sort()]).toContainEqual(messages);
    expect((await transactionOf(kit, token, transaction.reference)).status).toBe('success');
    expect((await postWebhook(kit.app, event)).json()).toEqual({ message: 'replayed', data: null });
  });

  it("stripe: a setup intent confirmed on the card setup page becomes a saved card; setup intents and sessions are only the owner's", async () => {
    const { token } = await kit.register();
    const stranger = await kit.register();
    const created = await kit.call('POST', '/v1/transactions/stripe/setup-intents', token, { shopAlias: PORTAL_SHOP_ALIAS, provider: 'stripe' });
    expect(created.statusCode, created.body).toBe(200);
    const intent = dataOf<{ id: string; client_secret: string; status: string }>(created);
    expect(intent.status).toBe('requires_payment_method');
    // What the portal's test-mode launcher opens with the client secret: the test gateway's card setup page.
    const query = new URLSearchParams({ client_secret: intent.client_secret, return_url: `${kit.config.PUBLIC_ORIGIN}/payment-methods` }).toString();
    const form = new URLSearchParams({ number: TEST_CARDS.succeeds, expiry: EXPIRY, cvc: '123', name: 'Ada Lovelace' }).toString();
    const confirmed = await kit.app.inject({
      method: 'POST',
      url: `/sandbox/stripe/setup/confirm?${query}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(303);
    const succeeded = dataOf<{ status: string; payment_method: string }>(await kit.call('GET', `/v1/transactions/stripe/setup-intents/${intent.id}`, token));
    expect(succeeded.status).toBe('succeeded');
    expect((await kit.call('GET', `/v1/transactions/stripe/setup-intents/${intent.id}`, stranger.token)).statusCode).toBe(404);

    const stolen = await kit.call('POST', '/v1/authorizations', stranger.token, {
      authorizationCode: succeeded.payment_method,
      provider: 'stripe',
      shopAlias: PORTAL_SHOP_ALIAS,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: PAYMENT_MESSAGES.stripeCustomer });
    const saved = await kit.call('POST', '/v1/authorizations', token, {
      authorizationCode: succeeded.payment_method,
      provider: 'stripe',
      setAsDefault: true,
      shopAlias: PORTAL_SHOP_ALIAS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<Authorization>(saved)).toMatchObject({
      authorizationCode: succeeded.payment_method,
      provider: 'stripe',
      brand: 'visa',
      last4: '4242',
      isDefault: true,
      testMode: true,
    });
    await kit.call('POST', '/v1/transactions/stripe/setup-intents', stranger.token, { shopAlias: PORTAL_SHOP_ALIAS });
    const strangers = await kit.call('POST', '/v1/authorizations', stranger.token, {
      authorizationCode: succeeded.payment_method,
      provider: 'stripe',
      shopAlias: PORTAL_SHOP_ALIAS,
    });
    expect(strangers.statusCode).toBe(404);

    const { transaction, launch } = await initialized(kit, token, { provider: 'stripe' });
    expect(launch.checkoutUrl).toMatch(new RegExp(`^${kit.config.PUBLIC_ORIGIN}/sandbox/stripe/checkout/`));
    const session = await kit.call('POST', '/v1/transactions/sessions', token, { reference: transaction.reference });
    expect(session.statusCode, session.body).toBe(200);
    const { id } = dataOf<{ id: string; url: string; status: string }>(session);
    expect(dataOf(session)).toMatchObject({ url: launch.checkoutUrl, status: 'open' });
    expect(dataOf(await kit.call('GET', `/v1/transactions/sessions/${id}`, token))).toEqual(dataOf(session));
    expect((await kit.call('GET', `/v1/transactions/sessions/${id}`, stranger.token)).statusCode).toBe(404);
    expect((await kit.call('POST', '/v1/transactions/sessions', stranger.token, { reference: transaction.reference })).statusCode).toBe(404);

    // Paid on stripe's checkout page: the webhook settles it, the card check is refunded.
    const paid = await payOnPage(kit.app, launch.checkoutUrl ?? '', MASTERCARD);
    expect(paid.statusCode, paid.body).toBe(303);
    const done = await settled(kit, token, transaction.reference);
    expect(done).toMatchObject({ provider: 'stripe', amount: 100, currencyCode: 'USD' });
    const [charged] = await kit.database.db
      .select({ id: sandboxObjects.id })
      .from(sandboxObjects)
      .where(
        and(
          eq(sandboxObjects.provider, 'stripe'),
          eq(sandboxObjects.kind, 'payment_intent'),
          sql`${sandboxObjects.data} -> 'metadata' ->> 'reference' = ${transaction.reference}`,
        ),
      );
    const paymentIntent = await kit.call('GET', `/v1/transactions/stripe/payment-intents/${charged?.id ?? 'none'}`, token);
    expect(paymentIntent.statusCode, paymentIntent.body).toBe(200);
    expect(dataOf(paymentIntent)).toEqual({ id: charged?.id, status: 'succeeded', amount: 100, currency: 'usd' });
    expect((await kit.call('GET', `/v1/transactions/stripe/payment-intents/${charged?.id ?? 'none'}`, stranger.token)).statusCode).toBe(404);
    expect((await kit.call('GET', '/v1/transactions/stripe/payment-intents/pi_unknown', token)).statusCode).toBe(404);
    const cards = dataOf<Authorization[]>(await kit.call('GET', '/v1/authorizations', token));
    expect(cards.map((card) => [card.provider, card.brand, card.isDefault])).toEqual([
      ['stripe', 'visa', true],
      ['stripe', 'mastercard', false],
    ]);
  });

  it('reconciliation verifies a payment left pending for more than 10 minutes, each claimed once', async () => {
    const { token } = await kit.register();
    // Paystack sends no webhook for a decline: without a verify the row would stay initialized.
    const declined = await initialized(kit, token);
    expect((await payOnPage(kit.app, declined.launch.checkoutUrl ?? '', TEST_CARDS.declined)).statusCode).toBe(303);
    const recent = await initialized(kit, token);
    expect((await payOnPage(kit.app, recent.launch.checkoutUrl ?? '', TEST_CARDS.declined)).statusCode).toBe(303);
    await kit.database.db
      .update(paymentTransactions)
      .set({ updatedAt: sql`now() - interval '11 minutes'` })
      .where(eq(paymentTransactions.reference, declined.transaction.reference));

    const claimed = await Promise.all([kit.app.reconcilePayments(), kit.app.reconcilePayments()]);
    expect(claimed.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await transactionOf(kit, token, declined.transaction.reference)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
    });
    expect((await transactionOf(kit, token, recent.transaction.reference)).status).toBe('initialized');
    expect(await kit.app.reconcilePayments()).toBe(0);
  });

  it("another user's transaction and card are a 404", async () => {
    const owner = await kit.register();
    const stranger = await kit.register();
    const done = await savedCard(kit, owner.token);
    const code = done.authorizationCode ?? '';
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/v1/transactions/${done.reference}`],
      ['POST', '/v1/transactions', { reference: done.reference }],
      ['GET', `/v1/card-authorizations/${code}`],
      ['GET', `/v1/card-authorizations/${code}/upstream`],
      ['PUT', `/v1/authorizations/${code}`, { isDefault: true }],
    ];
    for (const [method, url, payload] of calls) {
      const response = await kit.call(method as 'GET', url, stranger.token, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(dataOf<Transaction[]>(await kit.call('GET', '/v1/transactions', stranger.token))).toEqual([]);
    expect(dataOf<Authorization[]>(await kit.call('GET', '/v1/authorizations', stranger.token))).toEqual([]);
    expect((await kit.call('GET', '/v1/authorizations', null)).statusCode).toBe(401);
  });

  it('bad input is a 400 with its message, and leaves no transaction behind', async () => {
    const { token, user } = await kit.register();
    const cases: Array<[Record<string, unknown>, string | null, string]> = [
      [{ provider: 'paypal' }, freshKey(), PAYMENT_MESSAGES.provider],
      [{}, null, PAYMENT_MESSAGES.idempotencyKey],
      [{ shopAlias: 'someone-else' }, freshKey(), PAYMENT_MESSAGES.shopAlias],
      [{ gatewayCredentialAlias: 'portal-stripe' }, freshKey(), PAYMENT_MESSAGES.credentialAlias],
      [{ type: 'gift' }, freshKey(), PAYMENT_MESSAGES.type],
      [{ checkoutSuccessUrl: 'https://evil.example/thanks' }, freshKey(), PAYMENT_MESSAGES.returnUrl],
    ];
    for (const [body, key, message] of cases) {
      const response = await initialize(kit, token, body, key);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await kit.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.userId, user.id))).toEqual([]);
    const badStatus = await kit.call('GET', '/v1/transactions?status=paid', token);
    expect(badStatus.statusCode).toBe(400);
    const noReference = await kit.call('POST', '/v1/transactions', token, {});
    expect(noReference.statusCode).toBe(400);
  });

  it('saved cards: the first is the default, set default, rename, remove (the newest left becomes default), setPaymentMethodAsDefault', async () => {
    const { token } = await kit.register();
    const first = (await savedCard(kit, token)).authorizationCode ?? '';
    const second = (await savedCard(kit, token, MASTERCARD)).authorizationCode ?? '';
    const list = async () => dataOf<Authorization[]>(await kit.call('GET', '/v1/authorizations', token));
    expect((await list()).map((card) => [card.authorizationCode, card.isDefault, card.brand])).toEqual([
      [first, true, 'visa'],
      [second, false, 'mastercard'],
    ]);

    const swapped = await kit.call('PUT', `/v1/authorizations/${second}`, token, { isDefault: true });
    expect(dataOf<Authorization>(swapped)).toMatchObject({ authorizationCode: second, isDefault: true });
    expect((await list()).map((card) => [card.authorizationCode, card.isDefault])).toEqual([
      [second, true],
      [first, false],
    ]);
    const renamed = await kit.call('PUT', `/v1/authorizations/${first}`, token, { label: 'Work card' });
    expect(dataOf<Authorization>(renamed)).toMatchObject({ label: 'Work card', isDefault: false });
    const nothing = await kit.call('PUT', `/v1/authorizations/${first}`, token, {});
    expect(nothing.json()).toEqual({ message: PAYMENT_MESSAGES.nothingToChange });

    const third = (await savedCard(kit, token, TEST_CARDS.succeeds, {}, '01 / 33')).authorizationCode ?? '';
    const removed = await kit.call('PUT', `/v1/authorizations/${second}`, token, { status: 'removed' });
    expect(dataOf<Authorization>(removed)).toMatchObject({ authorizationCode: second, isDefault: false });
    expect((await list()).map((card) => [card.authorizationCode, card.isDefault])).toEqual([
      [third, true],
      [first, false],
    ]);
    expect((await kit.call('GET', `/v1/card-authorizations/${second}`, token)).statusCode).toBe(404);

    const fourth = (await savedCard(kit, token, MASTERCARD, { setPaymentMethodAsDefault: true }, '02 / 35')).authorizationCode ?? '';
    expect((await list())[0]).toMatchObject({ authorizationCode: fourth, isDefault: true });

    const upstream = await kit.call('GET', `/v1/card-authorizations/${first}/upstream?provider=paystack`, token);
    expect(upstream.statusCode, upstream.body).toBe(200);
    expect(dataOf<Authorization>(upstream)).toMatchObject({ authorizationCode: first, brand: 'visa', last4: '4242', label: 'Work card' });
  });

  it("the list: pages of 50 with the total of every page, newest first, filtered on the server by status, provider and app; only the caller's rows", async () => {
    const owner = await kit.register();
    const stranger = await kit.register();
    const mine = await seedTransactions(kit.database, owner.user.id, 120);
    const theirs = await seedTransactions(kit.database, stranger.user.id, 7);
    const page = async (query: string, token = owner.token) => {
      const response = await kit.call('GET', `/v1/transactions${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return { total: Number(response.headers[TOTAL_COUNT_HEADER]), items: dataOf<TransactionListItem[]>(response) };
    };
    const references = (rows: ReadonlyArray<{ reference: string }>) => rows.map((row) => row.reference);

    const first = await page('');
    expect(first.total).toBe(120);
    expect(references(first.items)).toEqual(references(mine.slice(0, 50)));
    // Only what a list row shows: no ids, no card codes, no bookkeeping.
    expect(Object.keys(first.items[0] ?? {}).sort()).toEqual(
      ['actionUrl', 'amount', 'appAlias', 'createdAt', 'currencyCode', 'description', 'failureMessage', 'provider', 'reference', 'status', 'testMode'].sort(),
    );
    expect(references((await page('?page=1')).items)).toEqual(references(mine.slice(50, 100)));
    expect(references((await page('?page=2')).items)).toEqual(references(mine.slice(100)));
    expect(await page('?page=3')).toEqual({ total: 120, items: [] });
    expect(references((await page('?limit=200')).items)).toEqual(references(mine));
    expect(references((await page('?page=11&limit=10')).items)).toEqual(references(mine.slice(110)));

    const cases: Array<[string, (row: SeededRow) => boolean]> = [
      ['?status=failed', (row) => row.status === 'failed'],
      ['?status=failed&status=requires_action', (row) => row.status === 'failed' || row.status === 'requires_action'],
      ['?provider=flutterwave', (row) => row.provider === 'flutterwave'],
      ['?appAlias=shop-a', (row) => row.appAlias === 'shop-a'],
      ['?status=refunded&provider=stripe&appAlias=shop-b', (row) => row.status === 'refunded' && row.provider === 'stripe' && row.appAlias === 'shop-b'],
      ['?appAlias=nobody', () => false],
    ];
    for (const [query, keep] of cases) {
      const expected = mine.filter(keep);
      const { total, items } = await page(`${query}&limit=10&page=1`);
      expect(total, query).toBe(expected.length);
      expect(references(items), query).toEqual(references(expected.slice(10, 20)));
    }

    // Both have shop-a payments: each sees only their own.
    const strangerShopA = await page('?appAlias=shop-a&limit=200', stranger.token);
    expect(references(strangerShopA.items)).toEqual(references(theirs.filter((row) => row.appAlias === 'shop-a')));
    expect(strangerShopA.total).toBe(strangerShopA.items.length);
    expect((await page('?appAlias=shop-a&limit=200')).total).toBe(mine.filter((row) => row.appAlias === 'shop-a').length);
    expect(dataOf<string[]>(await kit.call('GET', '/v1/transactions/apps', owner.token))).toEqual(['shop-a', 'shop-b']);
    expect(dataOf<string[]>(await kit.call('GET', '/v1/transactions/apps', (await kit.register()).token))).toEqual([]);
    expect((await kit.call('GET', '/v1/transactions/apps', null)).statusCode).toBe(401);
  });

  it('bad list parameters are a 400 that names the parameter and what it takes', async () => {
    const { token } = await kit.register();
    const cases: Array<[string, string]> = [
      ['page=-1', 'Query parameter page must be at least 0'],
      ['page=10001', 'Query parameter page must be at most 10000'],
      ['page=two', 'Query parameter page must be a number'],
      ['page=1.5', 'Query parameter page must be an integer'],
      ['limit=0', 'Query parameter limit must be at least 1'],
      ['limit=201', 'Query parameter limit must be at most 200'],
      ['status=paid', PAYMENT_MESSAGES.status],
      ['status=failed&status=paid', PAYMENT_MESSAGES.status],
      ['provider=paypal', PAYMENT_MESSAGES.provider],
      [`appAlias=${'a'.repeat(101)}`, 'appAlias must be at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      const response = await kit.call('GET', `/v1/transactions?${query}`, token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message });
    }
    expect((await kit.call('GET', '/v1/transactions', null)).statusCode).toBe(401);
  });

  it('remote config: anyone with the client credential reads it, only a SOVEREIGN changes it, and initialize follows it', async () => {
    const plain = await kit.register();
    const read = await kit.call('GET', '/v1/remote-config/portal-payments', null);
    expect(read.statusCode, read.body).toBe(200);
    expect(dataOf(read)).toEqual(DEFAULT_PAYMENTS_CONFIG);
    const refused = await kit.call('PUT', '/v1/remote-config/portal-payments', plain.token, { provider: 'stripe' });
    expect(refused.statusCode).toBe(403);

    const sovereign = await kit.register();
    await kit.database.db.insert(userRoles).values({ userId: sovereign.user.id, roleId: ROLE.SOVEREIGN });
    expect((await kit.call('PUT', '/v1/remote-config/portal-payments', sovereign.token, { provider: 'paypal' })).statusCode).toBe(400);
    const changed = await kit.call('PUT', '/v1/remote-config/portal-payments', sovereign.token, { provider: 'flutterwave' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(dataOf(await kit.call('GET', '/v1/remote-config/portal-payments', null))).toEqual({ provider: 'flutterwave' });
    const followed = await initialized(kit, plain.token, { provider: undefined });
    expect(followed.transaction.provider).toBe('flutterwave');
    expect(followed.launch.checkoutUrl).toMatch(new RegExp(`^${kit.config.PUBLIC_ORIGIN}/sandbox/flutterwave/`));
    const reset = await kit.call('PUT', '/v1/remote-config/portal-payments', sovereign.token, { provider: 'paystack' });
    expect(dataOf(reset)).toEqual({ provider: 'paystack' });
    const { transaction } = await initialized(kit, plain.token, { provider: undefined });
    expect(transaction.provider).toBe('paystack');
  });

  if (kind === 'postgres') {
    it('two server processes on one PostgreSQL database receiving the same webhook change the transaction once', async () => {
      const url = (kit.database as DatabaseHandle & { url?: string }).url ?? '';
      const second = await openSeededDatabaseAt({ kind: 'postgres', url });
      const other = await startApp(second, { config: testConfig({ PUBLIC_URL: kit.config.PUBLIC_ORIGIN }) });
      try {
        await listening(other);
        const { token } = await kit.register();
        const { transaction, launch } = await initialized(kit, token);
        expect((await payOnPage(kit.app, launch.checkoutUrl ?? '', TEST_CARDS.succeeds)).statusCode).toBe(303);
        // The same charge.success the test gateway is delivering to the first process, to both at once.
        const verify = await fetch(
          `http://127.0.0.1:${(kit.app.server.address() as { port: number }).port}/sandbox/paystack/transaction/verify/${transaction.reference}`,
          { headers: bearer(PAYSTACK_SECRET) },
        );
        const { data } = (await verify.json()) as { data: Record<string, unknown> };
        const event = signedWebhook({ event: 'charge.success', data: { ...data, status: 'success' } });
        const answers = await Promise.all([postWebhook(kit.app, event), postWebhook(other, event), postWebhook(other, event)]);
        // A delivery that finds the event still being processed is answered 503, for the provider to send it again.
        for (const answer of answers) expect([200, 503], answer.body).toContain(answer.statusCode);
        expect(answers.filter((answer) => answer.json<{ message: string }>().message === 'applied').length).toBeLessThanOrEqual(1);
        await settled(kit, token, transaction.reference);
        for (const app of [kit.app, other]) expect((await postWebhook(app, event)).json()).toEqual({ message: 'replayed', data: null });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const charges = await kit.database.db
          .select()
          .from(webhookEvents)
          .where(and(eq(webhookEvents.reference, transaction.reference), eq(webhookEvents.type, 'charge.success')));
        expect(charges.map((row) => row.outcome)).toEqual(['applied']);
        expect(await refundsAtGateway(kit.database, transaction.reference)).toBe(1);
      } finally {
        await other.close();
        await second.close();
      }
    });
  }
});

describe('payments logs', () => {
  it('a card setup logs no card number, secret, signature or webhook body', async () => {
    const database = await openFreshDatabase('pglite');
    const logs = captureLogs();
    const app = await startApp(database, { config: testConfig({ LOG_LEVEL: 'info', PUBLIC_URL: 'https://portal.example' }), log: logs.options });
    try {
      await listening(app);
      const registered = await app.inject({
        method: 'POST',
        url: '/v1/auth/register',
        headers: { authorization: basicAuth() },
        payload: registrationPayload(),
      });
      const { token } = registered.json<Data<{ token: string }>>().data;
      const started = await app.inject({
        method: 'POST',
        url: '/v1/transactions/initialize',
        headers: { ...bearer(token), [IDEMPOTENCY_HEADER]: freshKey() },
        payload: { type: 'card-setup', provider: 'paystack', shopAlias: PORTAL_SHOP_ALIAS },
      });
      const { transaction, launch } = dataOf<InitializeAnswer>(started);
      expect((await payOnPage(app, launch.checkoutUrl ?? '', TEST_CARDS.succeeds)).statusCode).toBe(303);
      const deadline = Date.now() + 15_000;
      while (
        dataOf<Transaction>(await app.inject({ method: 'GET', url: `/v1/transactions/${transaction.reference}`, headers: bearer(token) })).status !== 'refunded'
      ) {
        if (Date.now() > deadline) throw new Error('the card setup did not settle');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const text = logs.text();
      expect(text).toContain('payment webhook');
      for (const secret of [TEST_CARDS.succeeds, PAYSTACK_SECRET, 'x-paystack-signature', '"event":"charge.success"', '"authorization_code"', 'Ada Lovelace'])
        expect(text).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('payments documentation', () => {
  it('docs/features/payments.md draws the transition table of contract/payments/statuses.ts', () => {
    const markdown = readFileSync(path.join(REPO_ROOT, 'docs', 'features', 'payments.md'), 'utf8');
    for (const status of TRANSACTION_STATUSES) {
      const next = TRANSITIONS[status];
      expect(markdown).toContain(`| \`${status}\` | ${next.length > 0 ? next.map((to) => `\`${to}\``).join(', ') : '(none: final)'} |`);
    }
  });
});

describe('payments when the gateway cannot be reached', () => {
  // Not listening: the test gateway's loopback address does not exist yet, as a provider that is down.
  const kit = useApp('pglite');

  it('initialize answers 503 with the pending message and keeps the transaction initialized', async () => {
    const { token } = await kit.register();
    const response = await initialize(kit, token);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.gatewayDown });
    const list = dataOf<Transaction[]>(await kit.call('GET', '/v1/transactions', token));
    expect(list.map((transaction) => transaction.status)).toEqual(['initialized']);
  });
});

describe('payments in live mode with only Paystack keys', () => {
  const kit = useApp('pglite', { env: { PAYMENTS_MODE: 'live', PAYSTACK_SECRET_KEY: 'sk_live_example', PAYSTACK_PUBLIC_KEY: 'pk_live_example' } });

  it('offers no provider without keys, mounts no test gateway, and lets only Paystack into the Content-Security-Policy', async () => {
    const { token } = await kit.register();
    const response = await initialize(kit, token, { provider: 'flutterwave' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PAYMENT_MESSAGES.providerNotAvailable });
    const sandbox = await kit.app.inject({
      method: 'POST',
      url: '/sandbox/paystack/transaction/initialize',
      headers: { authorization: 'Bearer sk_live_example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(sandbox.statusCode).toBe(404);
    const csp = String((await kit.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain('https://js.paystack.co');
    expect(csp).not.toContain('stripe');
    expect(csp).not.toContain('flutterwave');
  });
});

describe('payments in test mode', () => {
  const kit = useApp('pglite');

  it('mounts the test gateways and admits no provider origin into the Content-Security-Policy', async () => {
    const sandbox = await kit.app.inject({
      method: 'POST',
      url: '/sandbox/paystack/transaction/initialize',
      headers: { authorization: 'Bearer sk_live_example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(sandbox.statusCode).toBe(401);
    const csp = String((await kit.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).not.toMatch(/stripe|paystack|flutterwave/);
  });
});
