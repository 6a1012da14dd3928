/**
 * The design sync section of `npm run bench` (issue #10), in-process on an embedded database and
 * on loopback, through the portal's own adapters (src/realtime) and outbox:
 * - edit -> a second client's onValue has it, p95 of 200, through the `local` adapter (socket.io)
 *   and through the `firebase` adapter against the local protocol server (firebase-server);
 * - reconnect -> 200 queued edits all stored (acknowledged);
 * - chaos: 200 random edits with offline windows, reloads (a new outbox on the same IndexedDB) and
 *   a client restart: lost 0, applied twice 0, final stored design = what the editor last showed.
 * Clients are Node processes, not painted browser contexts: the figures are delivery to the
 * second client's callback (the e2e journeys prove the paint).
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { deleteApp } from 'firebase/app';
import { createStore } from 'idb-keyval';
import { designPath, valueAt } from '../contract/design/realtime';
import { buildApp } from '../server/src/app';
import { signUserToken } from '../server/src/auth/tokens';
import { loadConfig } from '../server/src/config';
import { openSeededDatabaseAt } from '../server/src/seed';
import { currencies, realtimeEdits, realtimeNodes, shops, users } from '../server/src/db/schema';
import { createOutbox } from '../src/features/design/outbox';
import { applyToDocument } from '../src/features/design/document';
import { createFirebaseRealtime } from '../src/realtime/firebase';
import { createLocalRealtime } from '../src/realtime/local';
import type { RealtimeDb } from '../src/realtime/port';
import { startFirebaseProtocolServer } from '../tests/support/firebase-protocol-server';
import { percentile } from './bench-kit';

const RUNS = 200;
export const DESIGN_TARGETS = { editP95Ms: 50, reconnectMs: 2000 };

/** Edit -> the reader's onValue sees it, RUNS times. */
export async function editToSecondClient(writer: RealtimeDb, reader: RealtimeDb, doc: string): Promise<{ p50: number; p95: number }> {
  const field = `${doc}/data/buttons/elevation`;
  let waiting: { value: number; resolve: () => void; reject: (error: Error) => void } | null = null;
  // A refused read would otherwise leave the bench waiting for a value that never comes.
  const stop = reader.onValue(
    field,
    (value) => {
      if (waiting && value === waiting.value) waiting.resolve();
    },
    { onRefused: (message) => waiting?.reject(new Error(`the reader was refused: ${message}`)) },
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const next = run % 24;
    const started = performance.now();
    const seen = new Promise<void>((resolve, reject) => {
      waiting = { value: next, resolve, reject };
      setTimeout(() => reject(new Error(`edit ${run} never reached the reader`)), 10_000);
    });
    await writer.set(field, next);
    await seen;
    times.push(performance.now() - started);
  }
  stop();
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** A RealtimeDb that refuses delivery while `offline` (the page's connection is down). */
function switchable(db: RealtimeDb) {
  const state = { offline: false };
  const gated: RealtimeDb = {
    ...db,
    update: (updates, options) => (state.offline ? Promise.reject(new Error('offline')) : db.update(updates, options)),
  };
  return { db: gated, state };
}

export interface DesignFigures {
  local: { p50: number; p95: number };
  firebase: { p50: number; p95: number };
  reconnectMs: number;
  chaos: { made: number; stored: number; doubled: number; lost: number; finalMatches: boolean };
}

export async function benchDesignSync(): Promise<DesignFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-design-'));
  const database = await openSeededDatabaseAt({ kind: 'pglite', dataDir: null });
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'dist'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database, logger: false, servePortal: false, jobs: false });
  const protocol = await startFirebaseProtocolServer();
  // What the bench opened: its sockets and Firebase apps keep the process alive until closed.
  const closers: Array<() => unknown> = [];
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const [owner] = await database.db.insert(users).values({ firstName: 'Bench', lastName: 'Designer', email: 'bench-design@example.com' }).returning();
    const [currency] = await database.db.select().from(currencies).limit(1);
    if (!owner || !currency) throw new Error('no owner or currency');
    const shopFields = (alias: string) => ({
      alias,
      slugName: alias,
      name: alias,
      ownerUserId: owner.id,
      appBucketName: alias,
      logo: '/uploads/x.png',
      latitude: 1,
      longitude: 1,
      address: { name: 'A', description: 'B', latitude: 1, longitude: 1 },
      currencyId: currency.id,
    });
    await database.db.insert(shops).values([shopFields('bench-live'), shopFields('bench-queue'), shopFields('bench-chaos')]);
    const token = await signUserToken(config, owner.id, owner.sessionVersion);
    const localClient = () => {
      const client = createLocalRealtime({ url, token: () => token });
      closers.push(() => client.close());
      return client;
    };
    const connectedClient = async () => {
      const client = localClient();
      await new Promise<void>((resolve) => {
        const stop = client.onConnection((up) => up && (stop(), resolve()));
      });
      return client;
    };

    // 1. Local adapter: edit -> the owner's second device has it (a signed-out reader is refused
    // unless the shop's public link is on).
    const local = await editToSecondClient(await connectedClient(), await connectedClient(), designPath('bench-live', 0));

    // 2. Firebase adapter against the protocol server.
    const firebaseClient = (name: string) => {
      const client = createFirebaseRealtime(
        { databaseURL: 'https://test.firebaseio.com' },
        { emulator: { host: '127.0.0.1', port: protocol.port }, appName: name },
      );
      closers.push(() => deleteApp(client.app));
      return client;
    };
    const firebase = await editToSecondClient(firebaseClient('bench-writer'), firebaseClient('bench-reader'), designPath('bench-live', 0));

    // 3. Reconnect -> 200 queued edits stored.
    const queued = switchable(await connectedClient());
    queued.state.offline = true;
    const queueOutbox = createOutbox({ db: async () => queued.db, store: createStore('bench-queue', 'edits') });
    const queueDoc = designPath('bench-queue', 0);
    for (let index = 0; index < RUNS; index += 1) await queueOutbox.enqueue({ [`${queueDoc}/data/buttons/elevation`]: index % 24 });
    await queueOutbox.flush();
    queued.state.offline = false;
    const reconnectStarted = performance.now();
    await queueOutbox.flush();
    const reconnectMs = performance.now() - reconnectStarted;
    const [queuedNode] = await database.db.select().from(realtimeNodes).where(eq(realtimeNodes.path, queueDoc));
    if (queueOutbox.count() !== 0 || queuedNode?.revision !== RUNS) throw new Error(`reconnect: ${queueOutbox.count()} left, revision ${queuedNode?.revision}`);

    // 4. Chaos: offline windows, reloads, a client restart.
    const chaosDoc = designPath('bench-chaos', 0);
    const chaosStore = createStore('bench-chaos', 'edits');
    let client = switchable(await connectedClient());
    let outbox = createOutbox({ db: async () => client.db, store: chaosStore });
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const made = new Set<string>();
    let shown: unknown = null; // what the editor shows: the last stored document with waiting edits over it
    const fields = ['primary', 'accent', 'bodyColor', 'backgroundColor'];
    for (let index = 0; index < RUNS; index += 1) {
      const roll = random();
      if (roll < 0.08) client.state.offline = !client.state.offline;
      else if (roll < 0.12)
        outbox = createOutbox({ db: async () => client.db, store: chaosStore }); // a reload
      else if (roll < 0.13) {
        const offline = client.state.offline;
        client = switchable(await connectedClient()); // the browser context restarts
        client.state.offline = offline;
        outbox = createOutbox({ db: async () => client.db, store: chaosStore });
      }
      const updates = {
        [`${chaosDoc}/data/colors/${fields[Math.floor(random() * fields.length)]}`]: `#${index.toString(16).padStart(6, '0').toUpperCase()}FF`,
      };
      shown = applyToDocument(shown ?? { isDefault: true, version: 0, data: {} }, chaosDoc, updates);
      made.add((await outbox.enqueue(updates)).id);
    }
    client.state.offline = false;
    await outbox.flush();
    const stored = await database.db.select().from(realtimeEdits).where(eq(realtimeEdits.path, chaosDoc));
    const [chaosNode] = await database.db.select().from(realtimeNodes).where(eq(realtimeNodes.path, chaosDoc));
    const storedIds = new Set(stored.map((row) => row.editId));
    const chaos = {
      made: made.size,
      stored: stored.length,
      doubled: (chaosNode?.revision ?? 0) - stored.length,
      lost: [...made].filter((id) => !storedIds.has(id)).length,
      finalMatches: isDeepStrictEqual(valueAt(chaosNode?.value, ['data']), valueAt(shown, ['data'])),
    };
    return { local, firebase, reconnectMs, chaos };
  } finally {
    await Promise.all(closers.map((close) => close()));
    await app.close();
    await protocol.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchDesignSync(), null, 2));
