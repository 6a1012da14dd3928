/**
 * One of three server processes killed with SIGKILL in the middle of a merchant's flow (issue 32):
 * the cluster of `npm run start:cluster` (three `npm start` processes on one PostgreSQL and one
 * Redis behind one front address), and the clients the portal uses (its realtime adapter, a
 * socket.io client that joins its rooms again on reconnect, HTTP calls retried with the same
 * idempotency key or client id). After each kill: no acknowledged edit or message is lost, nothing
 * is applied twice, no bill or charge is doubled, and no build is left running.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Build } from '@contract/builds/schemas';
import { CHAT_EVENTS, CHAT_PATHS, CHAT_ROOMS } from '@contract/chat/paths';
import type { ChatMessage, SupportRoom } from '@contract/chat/schemas';
import { ROLE } from '@contract/constants';
import { designPath } from '@contract/design/realtime';
import { startCluster, type Cluster } from '../../scripts/cluster/cluster';
import { freePort as freeBenchPort, startTsxServer, stopServer, type RunningServer } from '../../scripts/bench-kit';
import { lastMonth, seedClose } from '../../scripts/close-seed';
import { openStripePayments, paymentFailedEvent, stripeSignedHeaders } from '../../scripts/bench-webhooks';
import { billings, chatMessages, paymentTransactions, realtimeEdits, sandboxObjects, userRoles, users, webhookEvents } from '../../server/src/db/schema';
import { testKeys } from '../../server/src/modules/payments/sandbox/keys';
import { startTestEngine } from '../../server/src/modules/builds/sandbox/engine-server';
import { createLocalRealtime, RealtimeUnreachable } from '../../src/realtime/local';
import { installShell, saveTestCard } from './build-kit';
import { databaseKinds, openFreshDatabase, redisAnswers, removeTempDirs, spawnedServerEnv, TEST_JWT_SECRET, TEST_REDIS_URL, tempDir } from './harness';
import { httpClient, type HttpClient } from './http-client';

const kinds = await databaseKinds();
const redisUp = await redisAnswers();
const ENGINE_SECRET = 'engine-secret-for-the-cluster-test-0123';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** As a client does when the connection broke or the process answered 5xx: the same request again (same key), until it is answered. */
async function retried<T>(send: () => Promise<{ status: number; json: T }>, attempts = 100): Promise<{ status: number; json: T; tries: number }> {
  for (let tries = 1; ; tries += 1) {
    try {
      const answer = await send();
      if (answer.status < 500 || tries >= attempts) return { ...answer, tries };
    } catch (error) {
      if (tries >= attempts) throw error;
    }
    await sleep(100);
  }
}

describe.skipIf(!kinds.includes('postgres') || !redisUp)('one of three processes killed mid-flow', () => {
  let cluster: Cluster;
  let database: Awaited<ReturnType<typeof openFreshDatabase>>;
  let gateways: RunningServer;
  let engine: Awaited<ReturnType<typeof startTestEngine>>;
  let client: HttpClient;
  const output: string[] = [];

  beforeAll(async () => {
    database = await openFreshDatabase('postgres');
    engine = await startTestEngine({ secret: ENGINE_SECRET, mode: 'poll-only', delayMs: 4000 });
    const gatewaysUrl = `http://127.0.0.1:${await freeBenchPort()}`;
    const env = spawnedServerEnv({
      DATABASE_URL: database.url ?? '',
      REDIS_URL: TEST_REDIS_URL,
      TEST_GATEWAYS_URL: gatewaysUrl,
      BUILD_ENGINE_URL: engine.url,
      BUILD_ENGINE_SECRET: ENGINE_SECRET,
    });
    installShell(env);
    gateways = await startTsxServer('server/src/cli/test-gateways.ts', {
      env: { ...process.env, ...env, DATA_DIR: tempDir('portal-cluster-gateways-') },
      health: `${gatewaysUrl}/healthz`,
      timeoutMs: 60_000,
    });
    cluster = await startCluster({ processes: 3, port: 0, env, output: (index, line) => output.push(`[p${index}] ${line}`) });
    // A different visitor address per call family keeps the sign-up limits out of the way.
    client = httpClient(cluster.url, { 'x-forwarded-for': '198.51.100.7' });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    if (gateways) await stopServer(gateways);
    await engine?.close();
    await database?.close();
    removeTempDirs();
  }, 60_000);

  /** Kills the process holding the only open websocket (the client's), while the flow goes on. */
  async function killTheSocketsProcess(): Promise<number> {
    const victim = cluster.ports.findIndex((_port, index) => cluster.websockets(index) > 0);
    expect(victim, 'no process holds the websocket').toBeGreaterThanOrEqual(0);
    await cluster.kill(victim);
    return victim;
  }

  it('design editing: every acknowledged edit is kept once, and the editor reconnects to another process by itself', async () => {
    const owner = await client.register();
    const shop = await client.createShop(owner, 'Cluster Design Kill');
    const realtime = createLocalRealtime({ url: cluster.url, token: () => owner.token, timeoutMs: 3000 });
    const connections: boolean[] = [];
    realtime.onConnection((up) => connections.push(up));
    await until(
      async () => connections.at(-1),
      (up) => up === true,
      10_000,
      'the editor connected',
    );
    const field = `${designPath(shop.alias, 0)}/data/colors/primary`;
    const colour = (i: number) => `#${(0x102030 + i * 0x010101).toString(16).toUpperCase()}FF`;
    const acked: Array<{ editId: string; revision: number }> = [];
    const EDITS = 40;
    let victim: number;
    try {
      const editing = (async () => {
        for (let i = 0; i < EDITS; i += 1) {
          const editId = `cluster-kill-${process.pid}-${i}-abcdef`;
          // The outbox's rule: an edit not acknowledged is sent again with the same id.
          for (;;) {
            try {
              acked.push({ editId, revision: (await realtime.set(field, colour(i), { editId })).revision });
              break;
            } catch (error) {
              if (!(error instanceof RealtimeUnreachable)) throw error;
              await sleep(100);
            }
          }
        }
      })();
      await until(
        async () => acked.length,
        (n) => n >= 15,
        20_000,
        'edits acknowledged before the kill',
      );
      victim = await killTheSocketsProcess();
      await editing;
      // The socket dropped with its process and came back on another one.
      expect(connections.slice(-2)).toEqual([false, true]);
    } finally {
      realtime.close();
    }
    expect(acked).toHaveLength(EDITS);
    for (let i = 1; i < acked.length; i += 1) expect(acked[i]!.revision).toBeGreaterThan(acked[i - 1]!.revision);
    const stored = await database.db
      .select({ editId: realtimeEdits.editId, n: count() })
      .from(realtimeEdits)
      .where(
        inArray(
          realtimeEdits.editId,
          acked.map((edit) => edit.editId),
        ),
      )
      .groupBy(realtimeEdits.editId);
    expect(stored).toHaveLength(EDITS);
    expect(stored.every((row) => row.n === 1)).toBe(true);
    // Another editor, on any process, reads the last edit.
    const reader = createLocalRealtime({ url: cluster.url, token: () => owner.token });
    try {
      await new Promise<void>((resolve) => {
        const stop = reader.onConnection((up) => up && (stop(), resolve()));
      });
      expect(await reader.get(field)).toBe(colour(EDITS - 1));
    } finally {
      reader.close();
    }
    await cluster.restart(victim);
  }, 90_000);

  it('support chat: every sent message is kept once, and the open chat follows the room again after reconnecting', async () => {
    const device = `cluster-device-${process.pid}-abcdef`;
    const room = (await client.call<SupportRoom>('POST', `/v1${CHAT_PATHS.rooms}?deviceId=${device}`, null)).json.data;
    const received = new Map<string, number>();
    const socket: Socket = io(cluster.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { deviceId: device },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    let connects = 0;
    // The portal's rule: on every (re)connect, join the rooms again.
    socket.on('connect', () => {
      connects += 1;
      void socket.emitWithAck('join', CHAT_ROOMS.room(room.roomId));
    });
    socket.on(CHAT_EVENTS.newMessage, (message: ChatMessage) => received.set(message.clientId, (received.get(message.clientId) ?? 0) + 1));
    await until(
      async () => connects,
      (n) => n === 1,
      10_000,
      'the chat connected',
    );
    await sleep(200);
    const MESSAGES = 24;
    const sent: string[] = [];
    let victim: number;
    try {
      const sending = (async () => {
        for (let i = 0; i < MESSAGES; i += 1) {
          const clientId = `m${i}-${process.pid}`;
          const answer = await retried(() =>
            client.call('POST', `/v1${CHAT_PATHS.newMessage.replace(':roomId', room.roomId)}`, null, {
              room: room.roomId,
              deviceId: device,
              content: `Message ${i}`,
              clientId,
            }),
          );
          expect(answer.status, JSON.stringify(answer.json)).toBe(200);
          sent.push(clientId);
        }
      })();
      await until(
        async () => sent.length,
        (n) => n >= 10,
        20_000,
        'messages sent before the kill',
      );
      victim = await killTheSocketsProcess();
      await sending;
      await until(async () => received.has(sent.at(-1)!), Boolean, 10_000, 'the last message reached the reconnected chat');
    } finally {
      socket.disconnect();
    }
    expect(connects).toBeGreaterThanOrEqual(2);
    const history = await database.db
      .select({ clientId: chatMessages.clientId, n: count() })
      .from(chatMessages)
      .where(inArray(chatMessages.clientId, sent))
      .groupBy(chatMessages.clientId);
    expect(history).toHaveLength(MESSAGES);
    expect(history.every((row) => row.n === 1)).toBe(true);
    // No message reached the open chat twice.
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    await cluster.restart(victim);
  }, 90_000);

  it("a webhook's delivery: each event applied once, however often the gateway sends it again", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ firstName: 'Hook', lastName: 'Kill', email: `hook-kill-${process.pid}@example.com` })
      .returning({ id: users.id });
    const EVENTS = 300;
    const references = Array.from({ length: EVENTS }, (_unused, index) => `cluster_kill_${process.pid}_${index}`);
    await openStripePayments(database.db, user!.id, references);
    const secret = testKeys(TEST_JWT_SECRET, 'stripe').webhookSecret;
    const deliver = (reference: string, index: number) => {
      const body = paymentFailedEvent(reference, `evt_cluster_kill_${process.pid}_${index}`);
      // The provider's rule: an event not answered 2xx is sent again.
      return retried(async () => {
        const response = await fetch(`${cluster.url}/v1/webhooks/stripe`, { method: 'POST', body, headers: stripeSignedHeaders(body, secret) });
        return { status: response.status, json: (await response.json()) as { message: string } };
        // An event whose process was killed mid-claim is answered 503 until its lease is over.
      }, 400);
    };
    const victim = 1;
    const answers: Array<{ status: number; json: { message: string }; tries: number }> = [];
    const delivering = (async () => {
      for (let start = 0; start < EVENTS; start += 10) {
        answers.push(...(await Promise.all(references.slice(start, start + 10).map((reference, offset) => deliver(reference, start + offset)))));
      }
    })();
    await until(
      async () => answers.length,
      (n) => n >= 60,
      30_000,
      'webhooks delivered before the kill',
    );
    await cluster.kill(victim);
    await delivering;
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const moved = await database.db
      .select({ n: count() })
      .from(paymentTransactions)
      .where(and(inArray(paymentTransactions.reference, references), eq(paymentTransactions.status, 'requires_payment_method')));
    expect(moved[0]?.n).toBe(EVENTS);
    const recorded = await database.db
      .select({ n: count() })
      .from(webhookEvents)
      .where(sql`${webhookEvents.eventId} like ${`evt_cluster_kill_${process.pid}_%`}`);
    expect(recorded[0]?.n).toBe(EVENTS);
    // Everything sent again after the kill is answered as already applied.
    const replays = await Promise.all(references.slice(0, 20).map((reference, index) => deliver(reference, index)));
    expect(replays.map((answer) => answer.json.message)).toEqual(references.slice(0, 20).map(() => 'replayed'));
    await cluster.restart(victim);
  }, 120_000);

  it('the monthly close: killed while charging, finished by the cluster, no bill or charge doubled', async () => {
    const { subscriptions } = await seedClose(database, 200);
    const agent = await client.register();
    await database.db.insert(userRoles).values({ userId: agent.user.id, roleId: ROLE.SOVEREIGN });
    const { year, month } = lastMonth();
    const charges = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(paymentTransactions)
          .where(and(eq(paymentTransactions.type, 'billing'), eq(paymentTransactions.status, 'success')))
      )[0]?.n ?? 0;
    // The close runs on process 0 (asked directly, as its job would), which is killed half way through the charges.
    const victim = 0;
    const closing = fetch(`http://127.0.0.1:${cluster.ports[victim]}/v1/admin/billing/close`, {
      method: 'POST',
      headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ year, month }),
    }).catch(() => null);
    await until(charges, (n) => n >= 150, 60_000, 'charges before the kill');
    await cluster.kill(victim);
    expect(await closing).toBeNull();
    const halfway = await charges();
    // The restarted process queues the month's close at start (as after any crash); any process's job runner finishes it.
    await cluster.restart(victim);
    const payable = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(billings)
          .where(and(eq(billings.year, year), eq(billings.month, month), sql`${billings.payable} > 0`))
      )[0]?.n ?? 0;
    await until(charges, (n) => n > halfway, 60_000, 'the close resumed');
    const expected = await until(payable, (n) => n > 0, 10_000, 'payable bills');
    await until(charges, (n) => n === expected, 120_000, 'every payable bill charged');
    const [bills] = await database.db
      .select({ n: count() })
      .from(billings)
      .where(and(eq(billings.year, year), eq(billings.month, month)));
    expect(bills?.n).toBe(subscriptions);
    // One successful charge per bill in our records, and one transaction per charge at the gateway.
    const doubled = await database.executeSql(
      "SELECT idempotency_key FROM payment_transactions WHERE type = 'billing' AND status = 'success' GROUP BY idempotency_key HAVING count(*) > 1",
      [],
    );
    expect(doubled.rows).toEqual([]);
    const atGateway = await database.db
      .select({ n: count() })
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.provider, 'paystack'), eq(sandboxObjects.kind, 'transaction'), sql`${sandboxObjects.data}->>'status' = 'success'`));
    expect(atGateway[0]?.n).toBe(expected);
  }, 240_000);

  it('a build: its process killed while the engine builds, the build is resumed by another and delivered once', async () => {
    const owner = await client.register();
    const shop = await client.createShop(owner, 'Cluster Build Kill');
    await saveTestCard(database.db, owner.user.id);
    expect((await client.call('POST', '/v1/subscriptions', owner.token, { shopAlias: shop.alias, planCode: 'starter' })).status).toBe(200);
    const placed = (await client.call<Build>('POST', `/v1/shops/${shop.alias}/builds`, owner.token, {}, { 'idempotency-key': 'cluster-kill-1' })).json.data;
    const read = async () => (await retried(() => client.call<Build>('GET', `/v1/shops/${shop.alias}/builds/${placed.id}`, owner.token))).json.data;
    const handedOver = await until(read, (build) => build.status === 'remote_building', 60_000, 'the build reached the engine');
    void handedOver;
    const [row] = (await database.executeSql('SELECT lease_owner FROM builds WHERE id = $1', [placed.id])).rows as Array<{ lease_owner: string }>;
    const pid = Number(row?.lease_owner.split(':')[1]);
    const victim = cluster.ports.findIndex((_port, index) => cluster.pid(index) === pid);
    expect(victim, `no process has pid ${pid}`).toBeGreaterThanOrEqual(0);
    await cluster.kill(victim);
    const done = await until(read, (build) => ['succeeded', 'failed', 'cancelled'].includes(build.status), 90_000, 'the build finished');
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.attempts).toBe(2);
    expect([...engine.jobs.values()].filter((job) => job.submission.buildId === placed.id)).toHaveLength(1);
    await cluster.restart(victim);
  }, 150_000);
});
