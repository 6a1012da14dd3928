/**
 * The paystack adapter against its built-in test gateway over HTTP: a small Fastify app on
 * 127.0.0.1 mounts the test gateway (as the payments module does) and a route that captures
 * its webhooks; the hosted checkout is driven with fetch as a browser would post its forms.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/src/db/database';
import {
  GatewayRefusal,
  GatewayUnavailable,
  WebhookRejected,
  type GatewayCustomer,
  type InitializeInput,
  type PaymentGateway,
} from '../../server/src/modules/payments/gateway';
import { createPaystackGateway } from '../../server/src/modules/payments/gateways/paystack';
import { registerSandboxAssets } from '../../server/src/modules/payments/sandbox/assets';
import { CARD_MESSAGES, TEST_CARDS } from '../../server/src/modules/payments/sandbox/cards';
import { loopbackOrigin, sandboxPath, testKeys } from '../../server/src/modules/payments/sandbox/keys';
import { paystackSandbox } from '../../server/src/modules/payments/sandbox/paystack';
import { sandboxStore } from '../../server/src/modules/payments/sandbox/store';
import { databaseKinds, openFreshDatabase, TEST_JWT_SECRET } from './harness';
import { hostedPages } from './hosted-pages';

const kinds = await databaseKinds();

/** The portal's public origin: hosted page links start with it, the test maps them to the loopback. */
const PUBLIC_ORIGIN = 'https://portal.example';
const RETURN_URL = 'https://portal.example/payment-methods?done=1';
const CANCEL_URL = 'https://portal.example/payment-methods?cancelled=1';
const keys = testKeys(TEST_JWT_SECRET, 'paystack');
const customer: GatewayCustomer = { userId: 7, email: 'ada@example.com', name: 'Ada Lovelace', phone: null, customerCode: null };

interface Captured {
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** The provider refused, in its own words. */
async function expectRefusal(call: Promise<unknown>, message: string): Promise<void> {
  const error: unknown = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GatewayRefusal);
  expect((error as GatewayRefusal).message).toBe(message);
}

const reference = (name: string) => `${name}-${randomBytes(5).toString('hex')}`;

describe.each(kinds)('paystack adapter and test gateway on %s', (kind) => {
  let database: DatabaseHandle;
  let server: FastifyInstance;
  let origin: string;
  let gateway: PaymentGateway;
  const webhooks: Captured[] = [];

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    server = Fastify({ logger: false });
    await server.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.post('/v1/webhooks/paystack', async (request) => {
        webhooks.push({ body: request.body as Buffer, headers: request.headers });
        return { received: true };
      });
    });
    registerSandboxAssets(server);
    await server.register(
      async (scope) =>
        paystackSandbox(scope, {
          db: database.db,
          store: sandboxStore(database.db, 'paystack'),
          keys,
          webhookUrl: () => `${loopbackOrigin(server)}/v1/webhooks/paystack`,
          log: server.log,
          publicOrigin: PUBLIC_ORIGIN,
        }),
      { prefix: sandboxPath('paystack') },
    );
    await server.listen({ host: '127.0.0.1', port: 0 });
    origin = loopbackOrigin(server);
    gateway = createPaystackGateway({ keys, testMode: true, apiBase: () => `${origin}${sandboxPath('paystack')}`, credentialAlias: 'default' });
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const { open, post } = hostedPages(PUBLIC_ORIGIN, () => origin);

  const payWith = (checkoutUrl: string, number: string) => post(`${checkoutUrl}/pay`, { number, expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' });

  function input(overrides: Partial<InitializeInput> = {}): InitializeInput {
    return {
      reference: reference('ps'),
      amount: 100,
      currencyCode: 'USD',
      customer,
      description: 'Save a card',
      metadata: { isAutoRefund: 'true', type: 'card-setup' },
      saveCard: true,
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
      idempotencyKey: reference('key'),
      ...overrides,
    };
  }

  /** The captured webhooks for a reference, once `count` arrived or `patienceMs` passed. */
  async function webhooksFor(ref: string, event: string, count = 1, patienceMs = 5000): Promise<Captured[]> {
    const matching = () =>
      webhooks.filter((hook) => {
        const body = JSON.parse(hook.body.toString()) as { event: string; data: { reference?: string; transaction_reference?: string } };
        return body.event === event && (body.data.reference ?? body.data.transaction_reference) === ref;
      });
    for (let waited = 0; matching().length < count && waited < patienceMs; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
    return matching();
  }

  /** initialize + Pay with 4242 on the hosted checkout: a paid transaction and its saved card. */
  async function paidWith(number: string = TEST_CARDS.succeeds) {
    const started = await gateway.initialize(input());
    const paid = await payWith(started.checkoutUrl!, number);
    return { started, paid };
  }

  it('initialize answers the hosted checkout; Pay with 4242 pays, redirects with ?trxref=&reference= and leaves a reusable authorization', async () => {
    const started = await gateway.initialize(input());
    expect(started).toMatchObject({ status: 'initialized', amount: 100, currencyCode: 'USD', authorization: null });
    expect(started.checkoutUrl).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/sandbox/paystack/checkout/\\w+$`));

    const page = await open(started.checkoutUrl!);
    expect(page.status).toBe(200);
    for (const label of ['Test mode', 'Card number', 'Expiry', 'CVC', 'Name on card', 'Pay', 'Cancel', 'USD 1.00']) expect(page.html).toContain(label);
    expect(await gateway.retrieve(started.reference, null)).toMatchObject({ status: 'initialized', authorization: null });

    const paid = await payWith(started.checkoutUrl!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    const back = new URL(paid.location!);
    expect(`${back.origin}${back.pathname}`).toBe('https://portal.example/payment-methods');
    expect(Object.fromEntries(back.searchParams)).toEqual({ done: '1', trxref: started.reference, reference: started.reference });

    const verified = await gateway.retrieve(started.reference, null);
    expect(verified).toMatchObject({ reference: started.reference, status: 'success', amount: 100, currencyCode: 'USD', failureMessage: null });
    expect(verified.providerId).toMatch(/^\d+$/);
    expect(verified.authorization).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, reusable: true });
    expect(verified.authorization!.authorizationCode).toMatch(/^AUTH_\w+$/);
    expect(verified.authorization!.customerCode).toMatch(/^CUS_\w+$/);

    const [hook] = await webhooksFor(started.reference, 'charge.success');
    const event = gateway.parseWebhook(hook!.body, hook!.headers);
    expect(event).toMatchObject({ type: 'charge.success', payment: { reference: started.reference, status: 'success', amount: 100, currencyCode: 'USD' } });

    // The saved card as Paystack holds it (GET /customer/:email): the same authorization.
    expect(await gateway.retrieveAuthorization(verified.authorization!.authorizationCode, customer)).toEqual(verified.authorization);
    await expectRefusal(gateway.retrieveAuthorization('AUTH_unknown', customer), 'This card was not found');
    await expectRefusal(
      gateway.retrieveAuthorization(verified.authorization!.authorizationCode, { ...customer, email: 'nobody@example.com' }),
      'This card was not found',
    );

    // Only brand, last four digits and expiry outlive the form.
    const stored = await database.db.execute(sql`SELECT data::text AS data FROM sandbox_objects WHERE provider = 'paystack'`);
    expect(JSON.stringify(stored)).not.toContain(TEST_CARDS.succeeds);
    expect(JSON.stringify(stored)).not.toContain('4242 4242');
  });

  it('the same card of the same customer keeps one authorization code', async () => {
    const first = await paidWith();
    const second = await paidWith();
    const [a, b] = await Promise.all([gateway.retrieve(first.started.reference, null), gateway.retrieve(second.started.reference, null)]);
    expect(a.authorization!.authorizationCode).toBe(b.authorization!.authorizationCode);
  });

  it('two submissions of one checkout end in one payment and one charge.success', async () => {
    const started = await gateway.initialize(input());
    const answers = await Promise.all([payWith(started.checkoutUrl!, TEST_CARDS.succeeds), payWith(started.checkoutUrl!, TEST_CARDS.succeeds)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    await webhooksFor(started.reference, 'charge.success');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await webhooksFor(started.reference, 'charge.success')).toHaveLength(1);
    expect((await gateway.retrieve(started.reference, null)).status).toBe('success');
  });

  it('4000 0000 0000 0002 is declined with "Your card was declined." as requires_payment_method: the checkout takes another card', async () => {
    const started = await gateway.initialize(input());
    const declined = await payWith(started.checkoutUrl!, TEST_CARDS.declined);
    expect(declined.status).toBe(303);
    expect((await open(declined.location!)).html).toContain(CARD_MESSAGES.declined);
    expect(await gateway.retrieve(started.reference, null)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
      authorization: null,
    });
    // Paystack sends no webhook for a failed payment.
    expect(await webhooksFor(started.reference, 'charge.success', 1, 300)).toHaveLength(0);

    await payWith(started.checkoutUrl!, TEST_CARDS.succeeds);
    expect(await gateway.retrieve(started.reference, null)).toMatchObject({ status: 'success', failureMessage: null });
  });

  it('a bad card form is shown again with the message, and nothing moves', async () => {
    const started = await gateway.initialize(input());
    const wrong = await payWith(started.checkoutUrl!, '4242 4242 4242 4241');
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain(CARD_MESSAGES.number);
    expect((await gateway.retrieve(started.reference, null)).status).toBe('initialized');
  });

  it('4000 0027 6000 3184 requires 3-D Secure: requires_action until Complete pays it', async () => {
    const started = await gateway.initialize(input());
    const asked = await payWith(started.checkoutUrl!, TEST_CARDS.threeDSecure);
    expect(asked.status).toBe(303);
    expect(await gateway.retrieve(started.reference, null)).toMatchObject({ status: 'requires_action', authorization: null });
    const challenge = await open(asked.location!);
    for (const label of ['3-D Secure', 'Test mode', 'Complete', 'Fail']) expect(challenge.html).toContain(label);

    const completed = await post(`${started.checkoutUrl!}/challenge/complete`);
    expect(new URL(completed.location!).searchParams.get('reference')).toBe(started.reference);
    const verified = await gateway.retrieve(started.reference, null);
    expect(verified).toMatchObject({ status: 'success', authorization: { last4: '3184', reusable: true } });
    // A second Complete changes nothing.
    await post(`${started.checkoutUrl!}/challenge/complete`);
    expect(await webhooksFor(started.reference, 'charge.success')).toHaveLength(1);
  });

  it("Fail on the 3-D Secure page leaves requires_payment_method with the bank's words", async () => {
    const started = await gateway.initialize(input());
    await payWith(started.checkoutUrl!, TEST_CARDS.threeDSecure);
    const failed = await post(`${started.checkoutUrl!}/challenge/fail`);
    expect(failed.status).toBe(303);
    expect(await gateway.retrieve(started.reference, null)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: CARD_MESSAGES.threeDSecureFailed,
    });
  });

  it('Cancel goes to cancel_action and leaves the transaction open (abandoned)', async () => {
    const started = await gateway.initialize(input());
    const cancelled = await post(`${started.checkoutUrl!}/cancel`);
    expect(cancelled).toMatchObject({ status: 303, location: CANCEL_URL });
    expect((await gateway.retrieve(started.reference, null)).status).toBe('initialized');
  });

  it('charges a saved authorization; the 3-D Secure card cannot be charged unattended and is declined', async () => {
    const { started } = await paidWith();
    const saved = (await gateway.retrieve(started.reference, null)).authorization!;
    const chargeReference = reference('charge');
    const charged = await gateway.chargeAuthorization({
      reference: chargeReference,
      amount: 2599,
      currencyCode: 'NGN',
      customer,
      authorizationCode: saved.authorizationCode,
      description: 'Renewal',
      metadata: { type: 'card-setup' },
      idempotencyKey: reference('key'),
    });
    expect(charged).toMatchObject({
      reference: chargeReference,
      status: 'success',
      amount: 2599,
      currencyCode: 'NGN',
      authorization: { authorizationCode: saved.authorizationCode },
    });
    expect(await webhooksFor(chargeReference, 'charge.success')).toHaveLength(1);
    // The reference is the idempotency: the same charge again is refused, never charged twice.
    await expectRefusal(
      gateway.chargeAuthorization({
        reference: chargeReference,
        amount: 2599,
        currencyCode: 'NGN',
        customer,
        authorizationCode: saved.authorizationCode,
        description: 'Renewal',
        metadata: {},
        idempotencyKey: 'k',
      }),
      'Duplicate Transaction Reference',
    );

    const threeDs = await gateway.initialize(input());
    await payWith(threeDs.checkoutUrl!, TEST_CARDS.threeDSecure);
    await post(`${threeDs.checkoutUrl!}/challenge/complete`);
    const threeDsCard = (await gateway.retrieve(threeDs.reference, null)).authorization!;
    const declinedReference = reference('charge');
    const declined = await gateway.chargeAuthorization({
      reference: declinedReference,
      amount: 500,
      currencyCode: 'USD',
      customer,
      authorizationCode: threeDsCard.authorizationCode,
      description: 'Renewal',
      metadata: {},
      idempotencyKey: reference('key'),
    });
    // A saved-card charge's reference is spent: failed, not requires_payment_method (a new payment takes another card).
    expect(declined).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', authorization: null });
    expect(await gateway.retrieve(declinedReference, null)).toMatchObject({ status: 'failed' });

    // Another customer's e-mail cannot use this authorization.
    await expectRefusal(
      gateway.chargeAuthorization({
        reference: reference('charge'),
        amount: 100,
        currencyCode: 'USD',
        customer: { ...customer, email: 'eve@example.com' },
        authorizationCode: saved.authorizationCode,
        description: 'x',
        metadata: {},
        idempotencyKey: 'k2',
      }),
      'Invalid authorization code',
    );
  });

  it('refunds a payment: pending at once, refund.processed by webhook, then verify says refunded', async () => {
    const { started } = await paidWith();
    const paid = await gateway.retrieve(started.reference, null);
    const refund = await gateway.refund({ reference: started.reference, providerId: paid.providerId, idempotencyKey: reference('key') });
    expect(refund.status).toBe('pending');
    expect(refund.providerId).toMatch(/^\d+$/);

    const [hook] = await webhooksFor(started.reference, 'refund.processed');
    expect(gateway.parseWebhook(hook!.body, hook!.headers)).toMatchObject({
      type: 'refund.processed',
      payment: { reference: started.reference, status: 'refunded', amount: 100 },
    });
    expect((await gateway.retrieve(started.reference, null)).status).toBe('refunded');
    await expect(gateway.refund({ reference: started.reference, providerId: null, idempotencyKey: reference('key') })).rejects.toThrow(
      'Transaction has been fully reversed',
    );
  });

  it('webhooks: a good one parses; forged, re-signed with another key or unsigned ones are rejected; a replay has the same dedupe key', async () => {
    const { started } = await paidWith();
    const [hook] = await webhooksFor(started.reference, 'charge.success');
    const good = gateway.parseWebhook(hook!.body, hook!.headers);
    expect(good.eventId).toMatch(/^paystack:[0-9a-f]{64}$/);
    expect(gateway.parseWebhook(Buffer.from(hook!.body), { ...hook!.headers })).toEqual(good);

    const forgedBody = Buffer.from(hook!.body.toString().replace('"amount":100', '"amount":1'));
    expect(() => gateway.parseWebhook(forgedBody, hook!.headers)).toThrow(WebhookRejected);
    const { createHmac } = await import('node:crypto');
    const resigned = createHmac('sha512', 'sk_test_someone_else').update(forgedBody).digest('hex');
    expect(() => gateway.parseWebhook(forgedBody, { 'x-paystack-signature': resigned })).toThrow(WebhookRejected);
    expect(() => gateway.parseWebhook(hook!.body, {})).toThrow(WebhookRejected);
    expect(() => gateway.parseWebhook(hook!.body, { 'x-paystack-signature': 'zz' })).toThrow(WebhookRejected);
  });

  it('amounts stay exact integers in minor units', async () => {
    for (const amount of [1, 1999, 100_000_00]) {
      const started = await gateway.initialize(input({ amount, currencyCode: 'NGN' }));
      await payWith(started.checkoutUrl!, TEST_CARDS.succeeds);
      expect(await gateway.retrieve(started.reference, null)).toMatchObject({ amount, currencyCode: 'NGN' });
    }
    await expect(gateway.initialize(input({ amount: 0 }))).rejects.toThrow(GatewayRefusal);
    await expect(gateway.initialize(input({ amount: 10.5 }))).rejects.toThrow(GatewayRefusal);
  });

  it('refuses a wrong secret key, a duplicate reference and an unknown one; a gateway that does not answer is unavailable', async () => {
    const stranger = createPaystackGateway({
      keys: { ...keys, secretKey: 'sk_test_wrong' },
      testMode: true,
      apiBase: () => `${origin}${sandboxPath('paystack')}`,
      credentialAlias: 'default',
    });
    await expectRefusal(stranger.initialize(input()), 'Invalid key');

    const first = input();
    await gateway.initialize(first);
    await expectRefusal(gateway.initialize({ ...first, idempotencyKey: 'another' }), 'Duplicate Transaction Reference');
    await expectRefusal(gateway.retrieve('no-such-reference', null), 'Transaction reference not found');

    const down = createPaystackGateway({ keys, testMode: true, apiBase: () => 'http://127.0.0.1:1/sandbox/paystack', credentialAlias: 'default' });
    await expect(down.retrieve(first.reference, null)).rejects.toThrow(GatewayUnavailable);
  });

  it("serves the hosted pages' stylesheet", async () => {
    const response = await fetch(`${origin}/sandbox/hosted.css`);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await response.text()).toContain('.banner');
  });
});
