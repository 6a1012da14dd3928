/**
 * Stripe card saving (spec sections 4 and 7, stripe add card) through HTTP on PGlite and
 * PostgreSQL, as the portal runs it in test mode: a setup intent (with testMode and the
 * publishable key), the stripe test gateway's card setup page as a browser posts it (saved,
 * declined, 3-D Secure, cancelled), the setup intent checked, the payment method saved with
 * POST /v1/authorizations and read back; a replayed return saves one card.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, PORTAL_SHOP_ALIAS, STRIPE_TEST_SETUP_PAGE } from '@contract/payments/paths';
import type { Authorization, SetupIntent, SetupIntentAnswer } from '@contract/payments/schemas';
import type { AppInstance } from '../../server/src/app';
import { sandboxObjects } from '../../server/src/db/schema';
import { CARD_MESSAGES, TEST_CARDS } from '../../server/src/modules/payments/sandbox/cards';
import { testKeys } from '../../server/src/modules/payments/sandbox/keys';
import { bearer, gatewayPages, registrationPayload, useApp, type Kit } from './kit';
import { basicAuth, captureLogs, databaseKinds, openFreshDatabase, removeTempDirs, startApp, testConfig, TEST_JWT_SECRET } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const dataOf = <T>(response: LightMyRequestResponse) => response.json<{ data: T }>().data;
const cardFields = (number: string) => ({ number, expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' });

let keyCounter = 0;
const freshKey = () => `setup-${process.pid}-${++keyCounter}`;

async function listening(app: AppInstance): Promise<void> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
}

/** The page the portal opens in test mode, sending the merchant back to /payment-methods. */
const setupPage = (kit: Kit, clientSecret: string) =>
  `${STRIPE_TEST_SETUP_PAGE}?${new URLSearchParams({ client_secret: clientSecret, return_url: `${kit.config.PUBLIC_ORIGIN}/payment-methods` }).toString()}`;

function createSetupIntent(kit: Kit, token: string, key: string = freshKey()) {
  return kit.call('POST', '/v1/transactions/stripe/setup-intents', token, { shopAlias: PORTAL_SHOP_ALIAS, provider: 'stripe' }, { [IDEMPOTENCY_HEADER]: key });
}

async function newSetupIntent(kit: Kit, token: string): Promise<SetupIntentAnswer> {
  const created = await createSetupIntent(kit, token);
  expect(created.statusCode, created.body).toBe(200);
  return dataOf<SetupIntentAnswer>(created);
}

/** Where the page sent the browser, as confirmSetup's redirect names it. */
function returnOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(303);
  const location = new URL(String(response.headers.location));
  return {
    page: `${location.origin}${location.pathname}`,
    setupIntent: location.searchParams.get('setup_intent'),
    clientSecret: location.searchParams.get('setup_intent_client_secret'),
    redirectStatus: location.searchParams.get('redirect_status'),
  };
}

const saveCard = (kit: Kit, token: string, authorizationCode: string, setAsDefault = true) =>
  kit.call('POST', '/v1/authorizations', token, {
    authorizationCode,
    provider: 'stripe',
    setAsDefault,
    shopAlias: PORTAL_SHOP_ALIAS,
    gatewayCredentialAlias: 'portal-stripe',
  });

describe.each(kinds)('stripe card saving on %s', (kind) => {
  const kit = useApp(kind);
  beforeAll(async () => listening(kit.app));

  it('answers a setup intent with testMode and the test publishable key; one Idempotency-Key makes one intent', async () => {
    const { token } = await kit.register();
    const key = freshKey();
    const created = await createSetupIntent(kit, token, key);
    expect(created.statusCode, created.body).toBe(200);
    const intent = dataOf<SetupIntentAnswer>(created);
    expect(intent).toEqual({
      id: expect.stringMatching(/^seti_/),
      client_secret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: null,
      testMode: true,
      publicKey: testKeys(TEST_JWT_SECRET, 'stripe').publicKey,
    });
    expect(intent.publicKey).toMatch(/^pk_test_/);
    expect(dataOf<SetupIntentAnswer>(await createSetupIntent(kit, token, key))).toEqual(intent);
    expect(dataOf<SetupIntentAnswer>(await createSetupIntent(kit, token)).id).not.toBe(intent.id);
    expect(dataOf<SetupIntent>(await kit.call('GET', `/v1/transactions/stripe/setup-intents/${intent.id}`, token))).toEqual({
      id: intent.id,
      client_secret: intent.client_secret,
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: null,
    });
  });

  it('saves 4242 on the test card setup page, returns like confirmSetup, and a replayed return saves one card', async () => {
    const { token } = await kit.register();
    const intent = await newSetupIntent(kit, token);
    const pages = gatewayPages(kit.app);
    const { page, submit } = await pages.open(setupPage(kit, intent.client_secret));
    expect(page.statusCode, page.body).toBe(200);
    for (const words of ['Test mode', 'Card number', 'Expiry', 'CVC', 'Name on card', 'Save card', 'Cancel']) expect(page.body).toContain(words);

    const back = returnOf(await pages.post(submit, cardFields(TEST_CARDS.succeeds)));
    expect(back).toEqual({
      page: `${kit.config.PUBLIC_ORIGIN}/payment-methods`,
      setupIntent: intent.id,
      clientSecret: intent.client_secret,
      redirectStatus: 'succeeded',
    });
    // The page opened again (a reload) sends the merchant back the same way and changes nothing.
    expect(returnOf((await pages.open(setupPage(kit, intent.client_secret))).page)).toEqual(back);

    const checked = dataOf<SetupIntent>(await kit.call('GET', `/v1/transactions/stripe/setup-intents/${intent.id}`, token));
    expect(checked).toMatchObject({ id: intent.id, status: 'succeeded', payment_method: expect.stringMatching(/^pm_/), last_setup_error: null });
    const code = checked.payment_method ?? '';

    // The return handled twice at once, then once more (a reload of the return URL).
    const saves = [...(await Promise.all([saveCard(kit, token, code), saveCard(kit, token, code)])), await saveCard(kit, token, code)];
    for (const saved of saves) {
      expect(saved.statusCode, saved.body).toBe(200);
      expect(dataOf<Authorization>(saved).authorizationCode).toBe(code);
    }
    const fetched = await kit.call('GET', `/v1/card-authorizations/${code}?provider=stripe`, token);
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(dataOf<Authorization>(fetched)).toMatchObject({
      authorizationCode: code,
      provider: 'stripe',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      isDefault: true,
      testMode: true,
    });
    const cards = dataOf<Authorization[]>(await kit.call('GET', '/v1/authorizations', token));
    expect(cards.map((card) => card.authorizationCode)).toEqual([code]);
  });

  it("keeps a declined card on the page with Stripe's message and saves nothing; Cancel goes back canceled", async () => {
    const { token } = await kit.register();
    const intent = await newSetupIntent(kit, token);
    const pages = gatewayPages(kit.app);
    const { submit, cancel } = await pages.open(setupPage(kit, intent.client_secret));

    const declined = await pages.post(submit, cardFields(TEST_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(CARD_MESSAGES.declined);
    expect(declined.body).toContain('Save card');
    const checked = dataOf<SetupIntent>(await kit.call('GET', `/v1/transactions/stripe/setup-intents/${intent.id}`, token));
    expect(checked).toMatchObject({ status: 'requires_payment_method', payment_method: null, last_setup_error: { message: CARD_MESSAGES.declined } });

    expect(returnOf(await pages.post(cancel))).toMatchObject({ setupIntent: intent.id, redirectStatus: 'canceled' });
    expect(dataOf<SetupIntent>(await kit.call('GET', `/v1/transactions/stripe/setup-intents/${intent.id}`, token)).status).toBe('requires_payment_method');

    // The declined card's payment method belongs to no customer: it cannot be saved.
    const [method] = await kit.database.db
      .select({ id: sandboxObjects.id })
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.provider, 'stripe'), eq(sandboxObjects.kind, 'payment_method'), sql`${sandboxObjects.data} -> 'card' ->> 'last4' = '0002'`));
    expect(method).toBeDefined();
    expect((await saveCard(kit, token, method?.id ?? '')).statusCode).toBe(404);
    expect(dataOf<Authorization[]>(await kit.call('GET', '/v1/authorizations', token))).toEqual([]);
  });

  it('sends a 3-D Secure card through the challenge: Fail returns failed with the message, Complete saves it', async () => {
    const { token } = await kit.register();
    const intent = await newSetupIntent(kit, token);
    const pages = gatewayPages(kit.app);
    const url = setupPage(kit, intent.client_secret);

    const challenged = await pages.post((await pages.open(url)).submit, cardFields(TEST_CARDS.threeDSecure));
    expect(challenged.statusCode).toBe(303);
    expect(String(challenged.headers.location)).toMatch(new RegExp(`^${kit.config.PUBLIC_ORIGIN}/sandbox/stripe/challenge\\?`));
    const challenge = await pages.open(String(challenged.headers.location));
    expect(challenge.page.body).toContain('Complete');
    const failed = returnOf(await pages.post(challenge.cancel));
    expect(failed).toMatchObject({ setupIntent: intent.id, redirectStatus: 'failed' });
    expect(dataOf<SetupIntent>(await kit.call('GET', `/v1/transactions/stripe/setup-intents/${intent.id}`, token))).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { message: CARD_MESSAGES.threeDSecureFailed },
    });

    const again = await pages.post((await pages.open(url)).submit, cardFields(TEST_CARDS.threeDSecure));
    const completed = returnOf(await pages.post((await pages.open(String(again.headers.location))).submit));
    expect(completed).toMatchObject({ setupIntent: intent.id, redirectStatus: 'succeeded' });
    const checked = dataOf<SetupIntent>(await kit.call('GET', `/v1/transactions/stripe/setup-intents/${intent.id}`, token));
    expect(checked.status).toBe('succeeded');
    const saved = await saveCard(kit, token, checked.payment_method ?? '', false);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<Authorization>(saved)).toMatchObject({ brand: 'visa', last4: '3184', isDefault: true });
  });
});

describe('stripe card saving logs', () => {
  it('logs no card number or client secret', async () => {
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
      const { token } = dataOf<{ token: string }>(registered);
      const created = await app.inject({
        method: 'POST',
        url: '/v1/transactions/stripe/setup-intents',
        headers: { ...bearer(token), [IDEMPOTENCY_HEADER]: freshKey() },
        payload: { shopAlias: PORTAL_SHOP_ALIAS },
      });
      const intent = dataOf<SetupIntentAnswer>(created);
      const pages = gatewayPages(app);
      const url = `${STRIPE_TEST_SETUP_PAGE}?${new URLSearchParams({ client_secret: intent.client_secret, return_url: 'https://portal.example/payment-methods' }).toString()}`;
      const { submit } = await pages.open(url);
      expect((await pages.post(submit, cardFields(TEST_CARDS.declined))).statusCode).toBe(402);
      expect((await pages.post(submit, cardFields(TEST_CARDS.succeeds))).statusCode).toBe(303);
      const text = logs.text();
      expect(text).toContain('/sandbox/stripe/setup/confirm');
      for (const secret of [TEST_CARDS.succeeds, TEST_CARDS.declined, intent.client_secret, 'Ada Lovelace']) expect(text).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
