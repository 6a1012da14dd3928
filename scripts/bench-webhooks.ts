/**
 * The webhook section of `npm run bench` (issue 29): signed Stripe `payment_intent.payment_failed`
 * events POSTed to `/v1/webhooks/stripe` of an in-process server on an embedded database, each
 * for its own open transaction (verified on the raw body, recorded once, the transaction moved
 * to requires_payment_method: no gateway call), then the same events again (replays). Time is
 * from the request's send to its answer, on loopback.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import type { Database } from '../server/src/db/database';
import { paymentTransactions, users } from '../server/src/db/schema';
import { testKeys } from '../server/src/modules/payments/sandbox/keys';
import { openSeededDatabaseAt } from '../server/src/seed';
import { percentile } from './bench-kit';

const EVENTS = 300;
export const WEBHOOK_TARGETS = { p95Ms: 20 };

export interface WebhookFigures {
  applied: { p50: number; p95: number; count: number };
  replayed: { p50: number; p95: number; count: number };
}

/** Open test-mode Stripe payments of `userId`, one per reference (its intent `pi_<reference>`), for webhooks to settle. */
export async function openStripePayments(db: Database, userId: number, references: readonly string[]): Promise<void> {
  await db.insert(paymentTransactions).values(
    references.map((reference) => ({
      reference,
      userId,
      provider: 'stripe',
      type: 'card-setup',
      amount: 100,
      currencyCode: 'USD',
      status: 'initialized',
      testMode: true,
      providerId: `pi_${reference}`,
      idempotencyKey: reference,
    })),
  );
}

/** Stripe's `payment_intent.payment_failed` event for the payment of `reference` (an open transaction's). */
export function paymentFailedEvent(reference: string, eventId: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.payment_failed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `pi_${reference}`,
        object: 'payment_intent',
        amount: 100,
        currency: 'usd',
        status: 'requires_payment_method',
        metadata: { reference },
        last_payment_error: { message: 'Your card was declined.' },
        latest_charge: null,
        payment_method: null,
        next_action: null,
      },
    },
  });
}

/** The headers Stripe sends a webhook with, signed now with the endpoint's secret. */
export function stripeSignedHeaders(body: string, secret: string): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${signature}` };
}

export async function benchWebhooks(): Promise<WebhookFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-webhooks-'));
  const database = await openSeededDatabaseAt({ kind: 'pglite', dataDir: null });
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'dist'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database, logger: false, servePortal: false, jobs: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/webhooks/stripe`;
    const secret = testKeys(config.JWT_SECRET, 'stripe').webhookSecret;
    const [user] = await database.db
      .insert(users)
      .values({ firstName: 'Bench', lastName: 'Webhooks', email: 'bench-webhooks@example.com' })
      .returning({ id: users.id });
    if (!user) throw new Error('no user');
    const references = Array.from({ length: EVENTS }, (_unused, index) => `bench_${index}`);
    await openStripePayments(database.db, user.id, references);
    const bodies = references.map((reference, index) => paymentFailedEvent(reference, `evt_bench_${index}`));
    const send = async (body: string): Promise<{ ms: number; message: string }> => {
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', body, headers: stripeSignedHeaders(body, secret) });
      const answer = (await response.json()) as { message: string };
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`webhook answered ${response.status}: ${answer.message}`);
      return { ms, message: answer.message };
    };
    // Warm-up: the first requests compile the route's schemas and the queries.
    const applied: number[] = [];
    const replayed: number[] = [];
    for (const body of bodies) {
      const { ms, message } = await send(body);
      if (message === 'applied') applied.push(ms);
    }
    for (const body of bodies) {
      const { ms, message } = await send(body);
      if (message === 'replayed') replayed.push(ms);
    }
    const warm = (values: number[]) => values.slice(Math.min(20, Math.floor(values.length / 10)));
    return {
      applied: { p50: percentile(warm(applied), 50), p95: percentile(warm(applied), 95), count: applied.length },
      replayed: { p50: percentile(warm(replayed), 50), p95: percentile(warm(replayed), 95), count: replayed.length },
    };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchWebhooks());
