/**
 * The stripe adapter (official SDK) against Stripe's built-in test gateway, over HTTP, on PGlite
 * and PostgreSQL: checkout with the three test cards, 3-D Secure, card setup, off-session
 * charges, refunds, webhooks (good, forged, re-signed, too old, replayed, out of order),
 * idempotency and a wrong key. A capture route stands in for our webhook route.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/src/db/database';
import { GatewayRefusal, GatewayUnavailable, WebhookRejected, type GatewayCustomer, type WebhookEvent } from '../../server/src/modules/payments/gateway';
import { createStripeGateway } from '../../server/src/modules/payments/gateways/stripe';
import { registerSandboxAssets } from '../../server/src/modules/payments/sandbox/assets';
import { CARD_MESSAGES, TEST_CARDS } from '../../server/src/modules/payments/sandbox/cards';
import { loopbackOrigin, testKeys } from '../../server/src/modules/payments/sandbox/keys';
import { sandboxStore } from '../../server/src/modules/payments/sandbox/store';
import { stripeSandbox } from '../../server/src/modules/payments/sandbox/stripe';
import { databaseKinds, openFreshDatabase, removeTempDirs, TEST_JWT_SECRET } from './harness';

const kinds = await databaseKinds();
const PUBLIC_ORIGIN = 'https://portal.example';
const RETURN_URL = `${PUBLIC_ORIGIN}/payments/return`;
const CANCEL_URL = `${PUBLIC_ORIGIN}/payments/cancelled`;
const keys = testKeys(TEST_JWT_SECRET, 'stripe');

interface Delivery {
  body: string;
  signature: string;
  event: { id: string; type: string; data: { object: Record<string, unknown> } };
}

let counter = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${++counter}`;

afterAll(() => removeTempDirs());

describe.each(kinds)('stripe adapter and test gateway on %s', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let origin = '';
  const deliveries: Delivery[] = [];
  const apiBase = () => `${origin}/sandbox/stripe`;
  const gateway = createStripeGateway({ keys, testMode: true, apiBase, credentialAlias: 'default' });

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    app = Fastify({ logger: false });
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post('/capture', async (request) => {
      const body = request.body as string;
      deliveries.push({ body, signature: String(request.headers['stripe-signature']), event: JSON.parse(body) as Delivery['event'] });
      return { received: true };
    });
    const context = {
      db: database.db,
      store: sandboxStore(database.db, 'stripe'),
      keys,
      webhookUrl: () => `${origin}/capture`,
      publicOrigin: PUBLIC_ORIGIN,
      log: app.log,
    };
    await app.register(async (scope) => stripeSandbox(scope, context), { prefix: '/sandbox/stripe' });
    registerSandboxAssets(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = loopbackOrigin(app);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A page link the gateway gave for the browser (PUBLIC_ORIGIN), fetched here over loopback. */
  function local(url: string): string {
    const parsed = new URL(url);
    expect(parsed.origin).toBe(PUBLIC_ORIGIN);
    return `${origin}${parsed.pathname}${parsed.search}`;
  }

  const unescape = (value: string) => value.replaceAll('&amp;', '&');

  async function openPage(url: string): Promise<{ status: number; html: string; submit: string; cancel: string }> {
    const response = await fetch(local(url), { redirect: 'manual' });
    const html = await response.text();
    const submit = unescape(/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '');
    const cancel = unescape(/formaction="([^"]+)"/.exec(html)?.[1] ?? '');
    return { status: response.status, html, submit, cancel };
  }

  async function post(path: string, fields: Record<string, string> = {}): Promise<Response> {
    return fetch(`${origin}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  const cardFields = (number: string) => ({ number, expiry: '12 / 40', cvc: '123', name: 'Ada Lovelace' });

  /** Submits the card form of a checkout or setup page. */
  async function enterCard(url: string, number: string): Promise<Response> {
    const page = await openPage(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Test mode');
    expect(page.html).toContain('Card number');
    return post(page.submit, cardFields(number));
  }

  async function until<T>(find: () => T | undefined, what: string): Promise<T> {
    for (let waited = 0; waited < 5000; waited += 20) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  const deliveryOf = (type: string, test: (object: Record<string, unknown>) => boolean) =>
    until(() => deliveries.find((delivery) => delivery.event.type === type && test(delivery.event.data.object)), type);

  const parse = (body: string, signature: string): WebhookEvent => gateway.parseWebhook(Buffer.from(body), { 'stripe-signature': signature });
  const sign = (body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

  async function newCustomer(): Promise<GatewayCustomer> {
    const customer: GatewayCustomer = { userId: ++counter, email: `${unique('payer')}@example.com`, name: 'Ada Lovelace', phone: null, customerCode: null };
    return { ...customer, customerCode: await gateway.createCustomer(customer) };
  }

  async function checkout(customer: GatewayCustomer, saveCard = true) {
    const reference = unique('ref');
    const payment = await gateway.initialize({
      reference,
      amount: 2500,
      currencyCode: 'USD',
      customer,
      description: 'Studio plan',
      metadata: { userId: String(customer.userId) },
      saveCard,
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
      idempotencyKey: unique('init'),
    });
    return { reference, payment };
  }

  /** A card saved through a setup intent and its hosted page. */
  async function savedCard(customer: GatewayCustomer, number: string): Promise<string> {
    const intent = await gateway.createSetupIntent({ customerCode: customer.customerCode!, description: 'Add card', idempotencyKey: unique('seti') });
    const setupUrl = `${PUBLIC_ORIGIN}/sandbox/stripe/setup?client_secret=${encodeURIComponent(intent.client_secret)}&return_url=${encodeURIComponent(`${PUBLIC_ORIGIN}/payment-methods`)}`;
    let response = await enterCard(setupUrl, number);
    if (number === TEST_CARDS.threeDSecure) {
      const challenge = await openPage(response.headers.get('location')!);
      response = await post(challenge.submit);
    }
    expect(response.status).toBe(303);
    const saved = await gateway.retrieveSetupIntent(intent.id);
    expect(saved.status).toBe('succeeded');
    return saved.payment_method!;
  }

  it('initializes a checkout session and, paid with 4242, retrieves it succeeded with the saved card', async () => {
    const customer = await newCustomer();
    const { reference, payment } = await checkout(customer);
    expect(payment).toMatchObject({ reference, status: 'initialized', amount: 2500, currencyCode: 'USD' });
    expect(payment.providerId).toMatch(/^cs_test_/);
    expect(payment.checkoutUrl).toBe(`${PUBLIC_ORIGIN}/sandbox/stripe/checkout/${payment.providerId}`);

    const page = await openPage(payment.checkoutUrl!);
    expect(page.html).toContain('$25.00');
    expect(page.html).toContain('>Pay<');
    const response = await post(page.submit, cardFields(TEST_CARDS.succeeds));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${RETURN_URL}?session_id=${payment.providerId}`);

    const paid = await gateway.retrieve(reference, payment.providerId);
    expect(paid).toMatchObject({
      reference,
      providerId: payment.providerId,
      status: 'succeeded',
      amount: 2500,
      currencyCode: 'USD',
      checkoutUrl: null,
      failureMessage: null,
    });
    expect(paid.authorization).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      reusable: true,
      customerCode: customer.customerCode,
    });

    const session = await gateway.retrieveSession(payment.providerId!);
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, metadata: { reference } });
    // The paid checkout's page sends the browser on to the return URL; an unknown one is a 404.
    expect((await openPage(payment.checkoutUrl!)).status).toBe(303);
    expect((await openPage(`${PUBLIC_ORIGIN}/sandbox/stripe/checkout/cs_test_unknown`)).status).toBe(404);
    const intent = await gateway.retrievePaymentIntent(session.payment_intent!);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 2500, currency: 'usd' });
    expect(intent.metadata.reference).toBe(reference);

    const completed = await deliveryOf('checkout.session.completed', (object) => object.id === payment.providerId);
    const event = parse(completed.body, completed.signature);
    expect(event).toMatchObject({ eventId: completed.event.id, type: 'checkout.session.completed', payment: { reference, status: 'succeeded', amount: 2500 } });
    const succeeded = await deliveryOf('payment_intent.succeeded', (object) => object.id === session.payment_intent);
    expect(parse(succeeded.body, succeeded.signature).payment).toMatchObject({ reference, status: 'succeeded', providerId: session.payment_intent });
  });

  it('shows a decline on the page and retrieves requires_payment_method with the message; Cancel goes back', async () => {
    const { reference, payment } = await checkout(await newCustomer());
    const response = await enterCard(payment.checkoutUrl!, TEST_CARDS.declined);
    expect(response.status).toBe(402);
    expect(await response.text()).toContain(CARD_MESSAGES.declined);

    const declined = await gateway.retrieve(reference, payment.providerId);
    expect(declined).toMatchObject({ status: 'requires_payment_method', failureMessage: 'Your card was declined.', checkoutUrl: payment.checkoutUrl });
    const failed = await deliveryOf('payment_intent.payment_failed', (object) => (object.metadata as Record<string, string>).reference === reference);
    expect(parse(failed.body, failed.signature).payment).toMatchObject({
      reference,
      status: 'requires_payment_method',
      failureMessage: 'Your card was declined.',
    });

    const page = await openPage(payment.checkoutUrl!);
    expect(page.html).toContain(CARD_MESSAGES.declined);
    const cancelled = await post(page.cancel);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(CANCEL_URL);
  });

  it('pays once when Pay is submitted twice at the same time', async () => {
    const { reference, payment } = await checkout(await newCustomer());
    const page = await openPage(payment.checkoutUrl!);
    const answers = await Promise.all([post(page.submit, cardFields(TEST_CARDS.succeeds)), post(page.submit, cardFields(TEST_CARDS.succeeds))]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    const paid = await gateway.retrieve(reference, null);
    expect(paid.status).toBe('succeeded');
    await deliveryOf('checkout.session.completed', (object) => object.id === payment.providerId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      deliveries.filter((delivery) => delivery.event.type === 'charge.succeeded' && delivery.event.data.object.payment_intent === paid.providerId),
    ).toHaveLength(1);
    expect(
      deliveries.filter((delivery) => delivery.event.type === 'checkout.session.completed' && delivery.event.data.object.id === payment.providerId),
    ).toHaveLength(1);
  });

  it('refuses a card form that is not a card, without moving the payment', async () => {
    const { reference, payment } = await checkout(await newCustomer());
    const page = await openPage(payment.checkoutUrl!);
    const response = await post(page.submit, cardFields('4242 4242 4242 4241'));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(CARD_MESSAGES.number);
    expect((await gateway.retrieve(reference, payment.providerId)).status).toBe('initialized');
  });

  it('sends a 3-D Secure card to the challenge: Complete succeeds once, even submitted twice', async () => {
    const { reference, payment } = await checkout(await newCustomer());
    const response = await enterCard(payment.checkoutUrl!, TEST_CARDS.threeDSecure);
    expect(response.status).toBe(303);
    const challengeUrl = response.headers.get('location')!;
    expect(challengeUrl).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/sandbox/stripe/challenge\\?client_secret=pi_`));

    const waiting = await gateway.retrieve(reference, payment.providerId);
    expect(waiting).toMatchObject({ status: 'requires_action', actionUrl: challengeUrl });
    const action = await deliveryOf('payment_intent.requires_action', (object) => (object.metadata as Record<string, string>).reference === reference);
    expect(parse(action.body, action.signature).payment).toMatchObject({ status: 'requires_action', actionUrl: challengeUrl });

    const challenge = await openPage(challengeUrl);
    expect(challenge.html).toContain('Complete');
    expect(challenge.html).toContain('Fail');
    const [first, second] = await Promise.all([post(challenge.submit), post(challenge.submit)]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.headers.get('location')).toBe(`${RETURN_URL}?session_id=${payment.providerId}`);

    expect((await gateway.retrieve(reference, payment.providerId)).status).toBe('succeeded');
    const intentId = String(action.event.data.object.id);
    await deliveryOf('checkout.session.completed', (object) => object.id === payment.providerId);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(deliveries.filter((delivery) => delivery.event.type === 'payment_intent.succeeded' && delivery.event.data.object.id === intentId)).toHaveLength(1);
    expect(deliveries.filter((delivery) => delivery.event.type === 'charge.succeeded' && delivery.event.data.object.payment_intent === intentId)).toHaveLength(
      1,
    );
  });

  it('a failed 3-D Secure challenge leaves requires_payment_method and the checkout open for another card', async () => {
    const { reference, payment } = await checkout(await newCustomer());
    const response = await enterCard(payment.checkoutUrl!, TEST_CARDS.threeDSecure);
    const challenge = await openPage(response.headers.get('location')!);
    const failed = await post(challenge.cancel);
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain(CARD_MESSAGES.threeDSecureFailed);

    expect(await gateway.retrieve(reference, payment.providerId)).toMatchObject({
      status: 'requires_payment_method',
      failureMessage: CARD_MESSAGES.threeDSecureFailed,
      actionUrl: null,
    });
    const retried = await enterCard(payment.checkoutUrl!, TEST_CARDS.succeeds);
    expect(retried.status).toBe(303);
    expect((await gateway.retrieve(reference, payment.providerId)).status).toBe('succeeded');
  });

  it('saves a card through a setup intent and its hosted page, and reads it back', async () => {
    const customer = await newCustomer();
    const intent = await gateway.createSetupIntent({ customerCode: customer.customerCode!, description: 'Add card', idempotencyKey: unique('seti') });
    expect(intent).toMatchObject({ status: 'requires_payment_method', payment_method: null });
    expect(intent.id).toMatch(/^seti_/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const returnUrl = `${PUBLIC_ORIGIN}/payment-methods`;
    const setupUrl = `${PUBLIC_ORIGIN}/sandbox/stripe/setup?client_secret=${encodeURIComponent(intent.client_secret)}&return_url=${encodeURIComponent(returnUrl)}`;
    const page = await openPage(setupUrl);
    expect(page.html).toContain('Save card');
    const cancelled = await post(page.cancel);
    expect(cancelled.status).toBe(303);
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('redirect_status')).toBe('canceled');
    const forged = setupUrl.replace('_secret_', '_secret_x');
    expect((await openPage(forged)).status).toBe(404);
    expect((await openPage(setupUrl.replace(encodeURIComponent(`${PUBLIC_ORIGIN}/payment-methods`), 'javascript%3Aalert(1)'))).status).toBe(404);
    const declined = await post(page.submit, cardFields(TEST_CARDS.declined));
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain(CARD_MESSAGES.declined);
    expect((await gateway.retrieveSetupIntent(intent.id)).status).toBe('requires_payment_method');

    const saved = await post(page.submit, cardFields(TEST_CARDS.succeeds));
    expect(saved.status).toBe(303);
    const location = new URL(saved.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(returnUrl);
    expect(location.searchParams.get('setup_intent')).toBe(intent.id);
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');

    const done = await gateway.retrieveSetupIntent(intent.id);
    expect(done).toMatchObject({ status: 'succeeded', customer: customer.customerCode });
    expect(done.payment_method).toMatch(/^pm_/);
    expect(await gateway.retrieveAuthorization(done.payment_method!, customer)).toEqual({
      authorizationCode: done.payment_method,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2040,
      reusable: true,
      customerCode: customer.customerCode,
    });
    const other = await newCustomer();
    await expect(gateway.retrieveAuthorization(done.payment_method!, other)).rejects.toBeInstanceOf(GatewayRefusal);
    const event = await deliveryOf('setup_intent.succeeded', (object) => object.id === intent.id);
    expect(parse(event.body, event.signature)).toMatchObject({ eventId: event.event.id, type: 'setup_intent.succeeded', payment: null });

    // A second submit after the card was saved changes nothing.
    const again = await post(page.submit, cardFields(TEST_CARDS.succeeds));
    expect(again.status).toBe(303);
    expect((await gateway.retrieveSetupIntent(intent.id)).payment_method).toBe(done.payment_method);
  });

  it('charges a saved card off session; a 3-D Secure card asks for the challenge', async () => {
    const customer = await newCustomer();
    const card = await savedCard(customer, TEST_CARDS.succeeds);
    const reference = unique('charge');
    const charge = {
      reference,
      amount: 1500,
      currencyCode: 'USD',
      customer,
      authorizationCode: card,
      description: 'Renewal',
      metadata: {},
      idempotencyKey: unique('charge'),
    };
    const paid = await gateway.chargeAuthorization(charge);
    expect(paid).toMatchObject({
      reference,
      status: 'succeeded',
      amount: 1500,
      currencyCode: 'USD',
      authorization: { authorizationCode: card, last4: '4242' },
    });
    expect(paid.providerId).toMatch(/^pi_/);
    expect((await gateway.retrieve(reference, paid.providerId)).status).toBe('succeeded');
    // Without the provider's id (the charge call never answered) it is found by our reference.
    expect(await gateway.retrieve(reference, null)).toMatchObject({ providerId: paid.providerId, status: 'succeeded', authorization: { last4: '4242' } });
    await expect(gateway.retrieve(unique('never-charged'), null)).rejects.toBeInstanceOf(GatewayRefusal);

    const secure = await savedCard(customer, TEST_CARDS.threeDSecure);
    const secureReference = unique('charge');
    const needsAction = await gateway.chargeAuthorization({
      ...charge,
      reference: secureReference,
      authorizationCode: secure,
      idempotencyKey: unique('charge'),
    });
    expect(needsAction.status).toBe('requires_action');
    expect(needsAction.actionUrl).toMatch(new RegExp(`^${PUBLIC_ORIGIN}/sandbox/stripe/challenge\\?client_secret=${needsAction.providerId}_secret_`));
    const challenge = await openPage(needsAction.actionUrl!);
    const completed = await post(challenge.submit);
    expect(completed.status).toBe(200);
    expect(await completed.text()).toContain('Payment confirmed');
    expect((await gateway.retrieve(secureReference, needsAction.providerId)).status).toBe('succeeded');

    // Another customer's card, or a customer without a Stripe customer, is refused.
    const stranger = await newCustomer();
    await expect(gateway.chargeAuthorization({ ...charge, customer: stranger, idempotencyKey: unique('charge') })).rejects.toBeInstanceOf(GatewayRefusal);
    await expect(
      gateway.chargeAuthorization({ ...charge, customer: { ...customer, customerCode: null }, idempotencyKey: unique('charge') }),
    ).rejects.toBeInstanceOf(GatewayRefusal);
  });

  it('refunds a payment once, and reports it refunded', async () => {
    const customer = await newCustomer();
    const card = await savedCard(customer, TEST_CARDS.succeeds);
    const reference = unique('refund');
    const paid = await gateway.chargeAuthorization({
      reference,
      amount: 100,
      currencyCode: 'USD',
      customer,
      authorizationCode: card,
      description: 'Card check',
      metadata: { isAutoRefund: 'true' },
      idempotencyKey: unique('charge'),
    });
    const refund = await gateway.refund({ reference, providerId: paid.providerId, idempotencyKey: unique('refund') });
    expect(refund.status).toBe('succeeded');
    expect(refund.providerId).toMatch(/^re_/);
    expect((await gateway.retrieve(reference, paid.providerId)).status).toBe('refunded');
    const refunded = await deliveryOf('charge.refunded', (object) => object.payment_intent === paid.providerId);
    expect(parse(refunded.body, refunded.signature).payment).toMatchObject({ reference, status: 'refunded', providerId: paid.providerId, amount: 100 });
    await expect(gateway.refund({ reference, providerId: paid.providerId, idempotencyKey: unique('refund') })).rejects.toThrow(/already been refunded/);

    // A checkout payment is refunded through its session's payment intent.
    const session = await checkout(customer);
    await enterCard(session.payment.checkoutUrl!, TEST_CARDS.succeeds);
    expect(
      (await gateway.refund({ reference: session.reference, providerId: session.payment.providerId, amount: 500, idempotencyKey: unique('refund') })).status,
    ).toBe('succeeded');
    expect((await gateway.retrieve(session.reference, session.payment.providerId)).status).toBe('succeeded');
  });

  describe('webhooks', () => {
    let good: Delivery;

    beforeAll(async () => {
      const { reference, payment } = await checkout(await newCustomer());
      await enterCard(payment.checkoutUrl!, TEST_CARDS.succeeds);
      good = await deliveryOf('checkout.session.completed', (object) => object.id === payment.providerId);
      expect(good.event.data.object.client_reference_id).toBe(reference);
    });

    it('signs like Stripe: t=<unix>,v1=<HMAC-SHA256 of t.body>', () => {
      const timestamp = Number(/^t=(\d+),/.exec(good.signature)?.[1]);
      expect(good.signature).toBe(sign(good.body, keys.webhookSecret, timestamp));
      expect(good.event.id).toMatch(/^evt_/);
    });

    it('refuses a forged body, a re-signed one, a stale one and a missing signature', () => {
      const forged = good.body.replace('"amount_total":2500', '"amount_total":1');
      expect(forged).not.toBe(good.body);
      expect(() => parse(forged, good.signature)).toThrow(WebhookRejected);
      expect(() => parse(good.body, sign(good.body, 'whsec_someone_else'))).toThrow(WebhookRejected);
      expect(() => parse(good.body, sign(good.body, keys.webhookSecret, Math.floor(Date.now() / 1000) - 600))).toThrow(WebhookRejected);
      expect(() => gateway.parseWebhook(Buffer.from(good.body), {})).toThrow(WebhookRejected);
      expect(parse(good.body, sign(good.body, keys.webhookSecret)).payment?.status).toBe('succeeded');
    });

    it('parses a replay to the same event id (the service dedupes on it)', () => {
      expect(parse(good.body, good.signature).eventId).toBe(good.event.id);
      expect(parse(good.body, sign(good.body, keys.webhookSecret)).eventId).toBe(good.event.id);
    });

    it('gives each event its own status, whatever order they arrive in', async () => {
      const { reference, payment } = await checkout(await newCustomer());
      await enterCard(payment.checkoutUrl!, TEST_CARDS.threeDSecure);
      const action = await deliveryOf('payment_intent.requires_action', (object) => (object.metadata as Record<string, string>).reference === reference);
      const challenge = await openPage(String((action.event.data.object.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url));
      await post(challenge.submit);
      const succeeded = await deliveryOf('payment_intent.succeeded', (object) => object.id === action.event.data.object.id);
      // Delivered late, the earlier event still says requires_action: the service keeps the later state by its transitions.
      expect(parse(succeeded.body, succeeded.signature).payment?.status).toBe('succeeded');
      expect(parse(action.body, action.signature).payment?.status).toBe('requires_action');
      expect(succeeded.event.id).not.toBe(action.event.id);
    });
  });

  it('answers one payment per idempotency key, and refuses the key with other parameters', async () => {
    const customer = await newCustomer();
    const card = await savedCard(customer, TEST_CARDS.succeeds);
    const charge = {
      reference: unique('idem'),
      amount: 700,
      currencyCode: 'USD',
      customer,
      authorizationCode: card,
      description: 'Top up',
      metadata: {},
      idempotencyKey: unique('idem'),
    };
    const first = await gateway.chargeAuthorization(charge);
    const again = await gateway.chargeAuthorization(charge);
    expect(again.providerId).toBe(first.providerId);
    await expect(gateway.chargeAuthorization({ ...charge, amount: 800 })).rejects.toBeInstanceOf(GatewayRefusal);

    const racing = { ...charge, reference: unique('idem'), idempotencyKey: unique('idem') };
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => gateway.chargeAuthorization(racing)));
    const ids = new Set(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.providerId] : [])));
    expect(ids.size).toBe(1);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(GatewayUnavailable);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [intentId] = ids;
    expect(deliveries.filter((delivery) => delivery.event.type === 'charge.succeeded' && delivery.event.data.object.payment_intent === intentId)).toHaveLength(
      1,
    );

    const key = unique('init');
    const input = {
      reference: unique('ref'),
      amount: 900,
      currencyCode: 'USD',
      customer,
      description: 'Plan',
      metadata: {},
      saveCard: false,
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
      idempotencyKey: key,
    };
    const [one, two] = await Promise.all([gateway.initialize(input), gateway.initialize(input).catch(() => gateway.initialize(input))]);
    expect(two.providerId).toBe(one.providerId);
  });

  it("answers in Stripe's shapes over plain HTTP: 401 for a wrong key, 402 card_error for a decline, form-encoded metadata", async () => {
    const wrong = createStripeGateway({ keys: { ...keys, secretKey: 'sk_test_not_the_key' }, testMode: true, apiBase, credentialAlias: 'default' });
    await expect(wrong.createCustomer({ userId: 1, email: 'a@example.com', name: 'A', phone: null, customerCode: null })).rejects.toThrow(GatewayRefusal);
    await expect(wrong.createCustomer({ userId: 1, email: 'a@example.com', name: 'A', phone: null, customerCode: null })).rejects.toThrow(
      /Invalid API Key provided/,
    );

    const unauthorized = await fetch(`${apiBase()}/v1/customers`, { method: 'POST' });
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toMatchObject({ error: { type: 'invalid_request_error' } });

    const auth = { authorization: `Bearer ${keys.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' };
    const customer = (await (
      await fetch(`${apiBase()}/v1/customers`, { method: 'POST', headers: auth, body: 'email=b%40example.com&metadata[userId]=7&metadata[plan]=studio' })
    ).json()) as Record<string, unknown>;
    expect(customer).toMatchObject({ object: 'customer', email: 'b@example.com', metadata: { userId: '7', plan: 'studio' } });
    expect(customer.id).toMatch(/^cus_/);

    // A declined card's payment method, as checkout leaves it, charged through the raw API.
    const { payment } = await checkout(await newCustomer(), false);
    await enterCard(payment.checkoutUrl!, TEST_CARDS.declined);
    const session = (await (await fetch(`${apiBase()}/v1/checkout/sessions/${payment.providerId}?expand[]=payment_intent`, { headers: auth })).json()) as {
      payment_intent: { last_payment_error: { payment_method: { id: string } } };
    };
    const method = session.payment_intent.last_payment_error.payment_method.id;
    expect(method).toMatch(/^pm_/);
    const declined = await fetch(`${apiBase()}/v1/payment_intents`, {
      method: 'POST',
      headers: auth,
      body: `amount=100&currency=usd&payment_method=${method}&confirm=true&metadata[reference]=raw`,
    });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: { object: 'payment_intent', status: 'requires_payment_method', metadata: { reference: 'raw' } },
      },
    });

    // An expired session (Stripe expires them after 24 h, or on request) is over, declined attempt or not.
    const expire = await fetch(`${apiBase()}/v1/checkout/sessions/${payment.providerId}/expire`, { method: 'POST', headers: auth });
    expect(await expire.json()).toMatchObject({ object: 'checkout.session', status: 'expired', url: null });
    expect(await gateway.retrieve(payment.reference, payment.providerId)).toMatchObject({ status: 'cancelled', checkoutUrl: null });
    const expired = await deliveryOf('checkout.session.expired', (object) => object.id === payment.providerId);
    expect(parse(expired.body, expired.signature).payment).toMatchObject({ reference: payment.reference, status: 'cancelled' });
    expect((await fetch(`${apiBase()}/v1/checkout/sessions/${payment.providerId}/expire`, { method: 'POST', headers: auth })).status).toBe(400);
    expect((await openPage(`${PUBLIC_ORIGIN}/sandbox/stripe/checkout/${payment.providerId}`)).status).toBe(410);

    const missing = await fetch(`${apiBase()}/v1/payment_intents/pi_nothing`, { headers: auth });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'resource_missing' } });
    const badAmount = await fetch(`${apiBase()}/v1/payment_intents`, { method: 'POST', headers: auth, body: 'amount=-5&currency=usd' });
    expect(badAmount.status).toBe(400);
  });

  it('says the gateway is unavailable when nothing answers', async () => {
    const down = createStripeGateway({ keys, testMode: true, apiBase: () => 'http://127.0.0.1:9/sandbox/stripe', credentialAlias: 'default' });
    await expect(down.retrievePaymentIntent('pi_any')).rejects.toBeInstanceOf(GatewayUnavailable);
  });

  it('serves the hosted pages stylesheet and keeps no card number', async () => {
    const css = await fetch(`${origin}/sandbox/hosted.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=3600');
    const rows = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM sandbox_objects WHERE data::text LIKE '%4242424242424242%' OR data::text LIKE '%4000002760003184%' OR data::text LIKE '%4000000000000002%'`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });
});
