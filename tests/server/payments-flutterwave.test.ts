/**
 * The flutterwave (v3) adapter against its built-in test gateway over HTTP: a small Fastify app
 * on 127.0.0.1 mounts the test gateway (as the payments module does) and a route that captures
 * its webhooks; the hosted payment page is driven with fetch as a browser would post its forms.
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
import { createFlutterwaveGateway, NOT_ATTEMPTED, toMajor, toMinor } from '../../server/src/modules/payments/gateways/flutterwave';
import { CARD_MESSAGES, TEST_CARDS } from '../../server/src/modules/payments/sandbox/cards';
import { flutterwaveSandbox } from '../../server/src/modules/payments/sandbox/flutterwave';
import { loopbackOrigin, sandboxPath, testKeys } from '../../server/src/modules/payments/sandbox/keys';
import { sandboxStore } from '../../server/src/modules/payments/sandbox/store';
import { databaseKinds, openFreshDatabase, TEST_JWT_SECRET } from './harness';
import { hostedPages } from './hosted-pages';

const kinds = await databaseKinds();

/** The portal's public origin: hosted page links start with it, the test maps them to the loopback. */
const PUBLIC_ORIGIN = 'https://portal.example';
const RETURN_URL = 'https://portal.example/payment-methods?done=1';
const keys = testKeys(TEST_JWT_SECRET, 'flutterwave');
const customer: GatewayCustomer = { userId: 7, email: 'ada@example.com', name: 'Ada King Lovelace', phone: '+2348012345678', customerCode: null };

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

describe('flutterwave amounts at the adapter edge', () => {
  it('minor -> major with two decimals and back, exactly', () => {
    expect(toMajor(100, 'USD')).toBe('1.00');
    expect(toMajor(1999, 'NGN')).toBe('19.99');
    expect(toMajor(5, 'USD')).toBe('0.05');
    expect(toMajor(123_456_789, 'GHS')).toBe('1234567.89');
    expect(toMinor(1, 'USD')).toBe(100);
    expect(toMinor(19.99, 'USD')).toBe(1999);
    expect(toMinor('19.99', 'USD')).toBe(1999);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    for (let minor = 1; minor <= 10_000; minor += 1) expect(toMinor(Number(toMajor(minor, 'USD')), 'USD')).toBe(minor);
  });

  it('refuses what is not whole cents or not a currency of 100 minor units', () => {
    expect(() => toMajor(0, 'USD')).toThrow(GatewayRefusal);
    expect(() => toMajor(10.5, 'USD')).toThrow(GatewayRefusal);
    expect(() => toMajor(100, 'UGX')).toThrow('This currency is not accepted');
    expect(() => toMinor(1.005, 'USD')).toThrow(GatewayUnavailable);
    expect(() => toMinor(null, 'USD')).toThrow(GatewayUnavailable);
  });
});

describe.each(kinds)('flutterwave adapter and test gateway on %s', (kind) => {
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
      scope.post('/v1/webhooks/flutterwave', async (request) => {
        webhooks.push({ body: request.body as Buffer, headers: request.headers });
        return { received: true };
      });
    });
    await server.register(
      async (scope) =>
        flutterwaveSandbox(scope, {
          db: database.db,
          store: sandboxStore(database.db, 'flutterwave'),
          keys,
          webhookUrl: () => `${loopbackOrigin(server)}/v1/webhooks/flutterwave`,
          log: server.log,
          publicOrigin: PUBLIC_ORIGIN,
        }),
      { prefix: sandboxPath('flutterwave') },
    );
    await server.listen({ host: '127.0.0.1', port: 0 });
    origin = loopbackOrigin(server);
    gateway = createFlutterwaveGateway({ keys, testMode: true, apiBase: () => `${origin}${sandboxPath('flutterwave')}`, credentialAlias: 'default' });
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  const { open, post } = hostedPages(PUBLIC_ORIGIN, () => origin);

  const payWith = (link: string, number: string) => post(`${link}/pay`, { number, expiry: '07/31', cvc: '123', name: 'Ada Lovelace' });

  function input(overrides: Partial<InitializeInput> = {}): InitializeInput {
    return {
      reference: reference('flw'),
      amount: 100,
      currencyCode: 'USD',
      customer,
      description: 'Save a card',
      metadata: { isAutoRefund: 'true', type: 'card-setup' },
      saveCard: true,
      returnUrl: RETURN_URL,
      cancelUrl: 'https://portal.example/payment-methods?cancelled=1',
      idempotencyKey: reference('key'),
      ...overrides,
    };
  }

  /** The captured charge.completed webhooks of a tx_ref (with that status), once `count` arrived or `patienceMs` passed. */
  async function webhooksFor(txRef: string, status: string, count = 1, patienceMs = 5000): Promise<Captured[]> {
    const matching = () =>
      webhooks.filter((hook) => {
        const body = JSON.parse(hook.body.toString()) as { event: string; data: { tx_ref: string; status: string } };
        return body.event === 'charge.completed' && body.data.tx_ref === txRef && body.data.status === status;
      });
    for (let waited = 0; matching().length < count && waited < patienceMs; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
    return matching();
  }

  async function paidWith(number: string = TEST_CARDS.succeeds, overrides: Partial<InitializeInput> = {}) {
    const started = await gateway.initialize(input(overrides));
    const paid = await payWith(started.checkoutUrl!, number);
    return { started, paid };
  }

  it('initialize answers the hosted link; Pay with 4242 pays, redirects with ?status=&tx_ref=&transaction_id= and leaves a reusable token', async () => {
    const started = await gateway.initialize(input());
    expect(started).toMatchObject({ status: 'initialized', amount: 100, currencyCode: 'USD' });
    expect(started.checkoutUrl).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/sandbox/flutterwave/v3/hosted/pay/[0-9a-f]+$`));
    // Nobody has paid on the link yet: Flutterwave has no transaction for it (its words: "No transaction was found for this id").
    const early: unknown = await gateway.retrieve(started.reference, null).catch((error: unknown) => error);
    expect(early).toMatchObject({ name: 'GatewayRefusal', message: NOT_ATTEMPTED, code: 'transaction_not_found' });

    const page = await open(started.checkoutUrl!);
    for (const label of ['Test mode', 'Flutterwave', 'Card number', 'Expiry', 'CVC', 'Name on card', 'Pay', 'Cancel', 'USD 1.00'])
      expect(page.html).toContain(label);

    const paid = await payWith(started.checkoutUrl!, TEST_CARDS.succeeds);
    expect(paid.status).toBe(303);
    const back = new URL(paid.location!);
    const verified = await gateway.retrieve(started.reference, null);
    expect(Object.fromEntries(back.searchParams)).toEqual({ done: '1', status: 'successful', tx_ref: started.reference, transaction_id: verified.providerId });
    expect(verified).toMatchObject({ reference: started.reference, status: 'successful', amount: 100, currencyCode: 'USD', failureMessage: null });
    expect(verified.authorization).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 7, expYear: 2031, reusable: true });
    expect(verified.authorization!.authorizationCode).toMatch(/^flw-t1nf-[0-9a-f]+-m03k$/);

    const [hook] = await webhooksFor(started.reference, 'successful');
    expect(gateway.parseWebhook(hook!.body, hook!.headers)).toMatchObject({
      type: 'charge.completed',
      eventId: `flutterwave:${verified.providerId}:successful`,
      payment: { status: 'successful', amount: 100 },
    });
    // Major units on the wire, minor units on our side of the port.
    expect(hook!.body.toString()).toContain('"amount":1,');

    expect(await gateway.retrieveAuthorization(verified.authorization!.authorizationCode, customer)).toEqual(verified.authorization);
    await expectRefusal(gateway.retrieveAuthorization('flw-t1nf-unknown-m03k', customer), 'This card was not found');

    const stored = await database.db.execute(sql`SELECT data::text AS data FROM sandbox_objects WHERE provider = 'flutterwave'`);
    expect(JSON.stringify(stored)).not.toContain(TEST_CARDS.succeeds);
  });

  it('two submissions of one page end in one payment and one charge.completed', async () => {
    const started = await gateway.initialize(input());
    const answers = await Promise.all([payWith(started.checkoutUrl!, TEST_CARDS.succeeds), payWith(started.checkoutUrl!, TEST_CARDS.succeeds)]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    await webhooksFor(started.reference, 'successful');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await webhooksFor(started.reference, 'successful')).toHaveLength(1);
  });

  it('4000 0000 0000 0002 is declined with "Your card was declined." as requires_payment_method: the page takes another card', async () => {
    const { started, paid } = await paidWith(TEST_CARDS.declined);
    expect(paid.status).toBe(303);
    expect((await open(paid.location!)).html).toContain(CARD_MESSAGES.declined);
    expect(await gateway.retrieve(started.reference, null)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
      authorization: null,
    });
    // Flutterwave reports failed charges by webhook too.
    const [hook] = await webhooksFor(started.reference, 'failed');
    expect(gateway.parseWebhook(hook!.body, hook!.headers).payment).toMatchObject({ status: 'requires_payment_method' });

    await payWith(started.checkoutUrl!, TEST_CARDS.succeeds);
    expect((await gateway.retrieve(started.reference, null)).status).toBe('successful');
  });

  it('4000 0027 6000 3184 requires 3-D Secure: requires_action until Complete; Fail leaves requires_payment_method', async () => {
    const { started, paid } = await paidWith(TEST_CARDS.threeDSecure);
    expect(await gateway.retrieve(started.reference, null)).toMatchObject({ status: 'requires_action' });
    const challenge = await open(paid.location!);
    for (const label of ['3-D Secure', 'Test mode', 'Complete', 'Fail']) expect(challenge.html).toContain(label);
    const completed = await post(`${started.checkoutUrl!}/challenge/complete`);
    expect(new URL(completed.location!).searchParams.get('status')).toBe('successful');
    expect(await gateway.retrieve(started.reference, null)).toMatchObject({ status: 'successful', authorization: { last4: '3184' } });

    const second = await paidWith(TEST_CARDS.threeDSecure);
    await post(`${second.started.checkoutUrl!}/challenge/fail`);
    expect(await gateway.retrieve(second.started.reference, null)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: CARD_MESSAGES.threeDSecureFailed,
    });
  });

  it('Cancel sends the customer to redirect_url with ?status=cancelled', async () => {
    const started = await gateway.initialize(input());
    const cancelled = await post(`${started.checkoutUrl!}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(Object.fromEntries(new URL(cancelled.location!).searchParams)).toEqual({ done: '1', status: 'cancelled', tx_ref: started.reference });
  });

  it('charges a saved token; the 3-D Secure card cannot be charged unattended and is declined', async () => {
    const { started } = await paidWith();
    const token = (await gateway.retrieve(started.reference, null)).authorization!.authorizationCode;
    const chargeReference = reference('charge');
    const charge = {
      reference: chargeReference,
      amount: 1999,
      currencyCode: 'NGN',
      customer,
      authorizationCode: token,
      description: 'Renewal',
      metadata: {},
      idempotencyKey: reference('key'),
    };
    expect(await gateway.chargeAuthorization(charge)).toMatchObject({
      reference: chargeReference,
      status: 'successful',
      amount: 1999,
      currencyCode: 'NGN',
      authorization: { authorizationCode: token },
    });
    const [hook] = await webhooksFor(chargeReference, 'successful');
    expect(hook!.body.toString()).toContain('"amount":19.99,');
    // The tx_ref is the idempotency: the same charge again is refused, never charged twice.
    await expectRefusal(gateway.chargeAuthorization(charge), 'Duplicate transaction reference. Please pass a unique tx_ref');
    await expectRefusal(
      gateway.chargeAuthorization({ ...charge, reference: reference('charge'), customer: { ...customer, email: 'eve@example.com' } }),
      'Token not found',
    );

    const threeDs = await paidWith(TEST_CARDS.threeDSecure);
    await post(`${threeDs.started.checkoutUrl!}/challenge/complete`);
    const threeDsToken = (await gateway.retrieve(threeDs.started.reference, null)).authorization!.authorizationCode;
    const declinedReference = reference('charge');
    const declined = await gateway.chargeAuthorization({ ...charge, reference: declinedReference, authorizationCode: threeDsToken });
    // A saved-card charge's tx_ref is spent: failed, not requires_payment_method.
    expect(declined).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', authorization: null });
    expect((await gateway.retrieve(declinedReference, null)).status).toBe('failed');
  });

  it('refunds a payment once', async () => {
    const { started } = await paidWith();
    const refund = await gateway.refund({ reference: started.reference, providerId: null, idempotencyKey: reference('key') });
    expect(refund.status).toBe('succeeded');
    expect(refund.providerId).toMatch(/^\d+$/);
    await expectRefusal(
      gateway.refund({ reference: started.reference, providerId: null, idempotencyKey: reference('key') }),
      'This transaction has already been refunded',
    );
    const declined = await paidWith(TEST_CARDS.declined);
    await expectRefusal(
      gateway.refund({ reference: declined.started.reference, providerId: null, idempotencyKey: reference('key') }),
      'Only successful transactions can be refunded',
    );
  });

  it('webhooks: a good one parses; a missing or wrong verif-hash is rejected; a replay has the same dedupe key', async () => {
    const { started } = await paidWith();
    const [hook] = await webhooksFor(started.reference, 'successful');
    const good = gateway.parseWebhook(hook!.body, hook!.headers);
    expect(gateway.parseWebhook(Buffer.from(hook!.body), { ...hook!.headers })).toEqual(good);
    expect(() => gateway.parseWebhook(hook!.body, {})).toThrow(WebhookRejected);
    expect(() => gateway.parseWebhook(hook!.body, { 'verif-hash': 'FLWHASH_TEST-someone-else' })).toThrow(WebhookRejected);
    expect(() => gateway.parseWebhook(hook!.body, { 'verif-hash': `${keys.webhookSecret}x` })).toThrow(WebhookRejected);
    expect(() => gateway.parseWebhook(Buffer.from('not json'), { 'verif-hash': keys.webhookSecret })).toThrow(WebhookRejected);
  });

  it('amounts stay exact through the test gateway', async () => {
    for (const amount of [1, 100, 1999, 100_000_01]) {
      const { started } = await paidWith(TEST_CARDS.succeeds, { amount, currencyCode: 'GHS' });
      expect(await gateway.retrieve(started.reference, null)).toMatchObject({ amount, currencyCode: 'GHS' });
    }
    await expectRefusal(gateway.initialize(input({ currencyCode: 'UGX' })), 'This currency is not accepted');
  });

  it('refuses a wrong secret key and a duplicate tx_ref; a gateway that does not answer is unavailable', async () => {
    const stranger = createFlutterwaveGateway({
      keys: { ...keys, secretKey: 'FLWSECK_TEST-wrong' },
      testMode: true,
      apiBase: () => `${origin}${sandboxPath('flutterwave')}`,
      credentialAlias: 'default',
    });
    await expectRefusal(stranger.initialize(input()), 'Invalid authorization key');
    const first = input();
    await gateway.initialize(first);
    await expectRefusal(gateway.initialize(first), 'Duplicate transaction reference. Please pass a unique tx_ref');
    const down = createFlutterwaveGateway({ keys, testMode: true, apiBase: () => 'http://127.0.0.1:1/sandbox/flutterwave', credentialAlias: 'default' });
    await expect(down.retrieve(first.reference, null)).rejects.toThrow(GatewayUnavailable);
  });
});
