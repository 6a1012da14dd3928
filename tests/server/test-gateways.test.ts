/**
 * The test gateways in a process of their own (`npm run test-gateways`, TEST_GATEWAYS_URL): the
 * server mounts none of its own, its adapter talks to the other server over HTTP, and that server's
 * webhooks come back to it as a provider's do. The gateway server runs in this test process on a
 * port of its own (the CLI adds only the environment and the port).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER, PORTAL_SHOP_ALIAS } from '@contract/payments/paths';
import type { Authorization, InitializeAnswer, Transaction } from '@contract/payments/schemas';
import { TEST_CARDS } from '../../server/src/modules/payments/sandbox/cards';
import { loopbackOrigin } from '../../server/src/modules/payments/sandbox/keys';
import { buildTestGateways } from '../../server/src/modules/payments/sandbox/standalone';
import { databaseKinds, freePort, testConfig } from './harness';
import { useApp } from './kit';

const kinds = await databaseKinds();

/** Where a browser reaches the gateways' pages; the test maps it to their loopback port. */
const GATEWAYS_PUBLIC = 'https://gateways.example';

const dataOf = <T>(body: string) => (JSON.parse(body) as { data: T }).data;

describe.each(kinds)('test gateways in a process of their own, on %s', (kind) => {
  const env: Record<string, string> = {};
  let gateways: FastifyInstance;

  beforeAll(async () => {
    env.TEST_GATEWAYS_URL = `http://127.0.0.1:${await freePort()}`;
  });
  const kit = useApp(kind, { env });
  beforeAll(async () => {
    await kit.app.listen({ port: 0, host: '127.0.0.1' });
    // The server's database (PGlite is one process, so the same handle).
    gateways = await buildTestGateways(testConfig({ LOG_LEVEL: 'silent' }), kit.database.db, {
      webhook: () => loopbackOrigin(kit.app),
      public: GATEWAYS_PUBLIC,
    });
    await gateways.listen({ port: Number(new URL(env.TEST_GATEWAYS_URL ?? '').port), host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateways?.close();
  });

  it('the server mounts no test gateway of its own; the other process answers for every provider', async () => {
    expect((await kit.app.inject({ method: 'GET', url: '/sandbox/hosted.css' })).statusCode).toBe(404);
    const health = await gateways.inject({ method: 'GET', url: '/healthz' });
    expect(health.json<{ providers: string[] }>().providers.sort()).toEqual(['flutterwave', 'paystack', 'stripe']);
  });

  it('a card saved through the other process: its hosted page, its webhook back to the server, the refund of the card check', async () => {
    const owner = await kit.register();
    const started = await kit.call(
      'POST',
      '/v1/transactions/initialize',
      owner.token,
      { type: 'card-setup', provider: 'paystack', shopAlias: PORTAL_SHOP_ALIAS },
      { [IDEMPOTENCY_HEADER]: `gateways-${kind}` },
    );
    expect(started.statusCode, started.body).toBe(200);
    const { launch, transaction } = dataOf<InitializeAnswer>(started.body);
    expect(launch.checkoutUrl?.startsWith(`${GATEWAYS_PUBLIC}/sandbox/paystack/`)).toBe(true);

    const page = new URL(launch.checkoutUrl ?? '').pathname;
    expect((await gateways.inject({ method: 'GET', url: page })).body).toContain('Test mode');
    const paid = await gateways.inject({
      method: 'POST',
      url: `${page}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number: TEST_CARDS.succeeds, expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' }).toString(),
    });
    expect(paid.statusCode, paid.body).toBe(303);

    // Nobody verifies: only the webhook, sent by the other server, settles it (and the refund follows).
    const deadline = Date.now() + 15_000;
    let now: Transaction;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      now = dataOf<Transaction>((await kit.call('GET', `/v1/transactions/${transaction.reference}`, owner.token)).body);
    } while (now.status !== 'refunded' && Date.now() < deadline);
    expect(now.status).toBe('refunded');
    const cards = dataOf<Authorization[]>((await kit.call('GET', '/v1/authorizations', owner.token)).body);
    expect(cards.map((card) => [card.provider, card.last4, card.testMode])).toEqual([['paystack', '4242', true]]);
  });
});
