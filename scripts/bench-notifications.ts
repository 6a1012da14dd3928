/**
 * The notifications section of `npm run bench` (issue 12), in-process on an embedded database:
 * - notification created -> event received by another open portal (its user room), 200 times;
 * - push sent -> accepted (decrypted) by a local Web Push service (web-push-testing), 200 times;
 * - 1,000 portals connected to one server process receive a broadcast release: p99, none missed.
 * The socket clients share the two cores with the server; figures are on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { NOTIFICATION_EVENT } from '../contract/notifications/paths';
import type { Notification } from '../contract/notifications/schemas';
import { buildApp } from '../server/src/app';
import { signUserToken } from '../server/src/auth/tokens';
import { loadConfig } from '../server/src/config';
import { openSeededDatabaseAt } from '../server/src/seed';
import { users } from '../server/src/db/schema';
import type { AppDeps } from '../server/src/deps';
import { startLocalPushService } from '../tests/server/push-service';
import { percentile } from './bench-kit';

const BELL_RUNS = 200;
const PUSH_RUNS = 200;
const PORTALS = 1000;
export const TARGETS = { bellP95Ms: 100, pushP95Ms: 50, broadcastP99Ms: 500 };

async function connected(url: string, token: string, userId: number): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const answer = (await socket.timeout(10_000).emitWithAck('join', `user:${userId}`)) as { ok: boolean };
  if (!answer.ok) throw new Error('join refused');
  return socket;
}

export interface NotificationFigures {
  bell: { p50: number; p95: number };
  push: { p50: number; p95: number; sent: number };
  broadcast: { p50: number; p99: number; received: number; portals: number };
}

export async function benchNotifications(): Promise<NotificationFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-notifications-'));
  const push = await startLocalPushService();
  const database = await openSeededDatabaseAt({ kind: 'pglite', dataDir: null });
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'dist'), LOG_LEVEL: 'silent', PUSH_INSECURE_ORIGINS: push.origin });
  let notifications: AppDeps['notifications'] | undefined;
  const app = await buildApp({
    config,
    db: database,
    logger: false,
    servePortal: false,
    jobs: false,
    configure: (_app, deps) => void (notifications = deps.notifications),
  });
  const sockets: Socket[] = [];
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const notifier = notifications;
    if (!notifier) throw new Error('no notifications module');

    const rows = await database.db
      .insert(users)
      .values(Array.from({ length: PORTALS }, (_unused, index) => ({ firstName: 'Bench', lastName: String(index), email: `bench-${index}@example.com` })))
      .returning({ id: users.id, sessionVersion: users.sessionVersion });
    const tokens = await Promise.all(rows.map((row) => signUserToken(config, row.id, row.sessionVersion)));

    // 1. Created -> the other open portal has it.
    const [first] = rows;
    if (!first) throw new Error('no user');
    const portal = await connected(url, tokens[0] ?? '', first.id);
    sockets.push(portal);
    const bell: number[] = [];
    for (let run = 0; run < BELL_RUNS; run += 1) {
      const started = performance.now();
      const arrived = new Promise<void>((resolve) => portal.once(NOTIFICATION_EVENT, () => resolve()));
      await notifier.notify(first.id, { type: 'app-build', title: `Build ${run}`, meta: { shopAlias: 'bench' } });
      await arrived;
      bell.push(performance.now() - started);
    }

    // 2. Push sent -> accepted by the push service.
    const key = notifier.push.config;
    if (key.kind !== 'webpush') throw new Error('Web Push expected');
    const { endpoint, keys } = await push.subscribe(key.vapidPublicKey);
    const fcmId = JSON.stringify({ endpoint, keys });
    await database.db.update(users).set({ fcmId }).where(eq(users.id, first.id));
    const pushed: number[] = [];
    let sent = 0;
    for (let run = 0; run < PUSH_RUNS; run += 1) {
      const started = performance.now();
      const outcome = await notifier.push.send(first.id, fcmId, {
        title: 'Payment due',
        body: 'Bench',
        url: '/billing',
        type: 'payment-due',
        notificationId: run,
      });
      pushed.push(performance.now() - started);
      if (outcome === 'sent') sent += 1;
    }
    await database.db.update(users).set({ fcmId: null }).where(eq(users.id, first.id));

    // 3. One broadcast to 1,000 open portals.
    for (let index = 1; index < rows.length; index += 50) {
      const batch = rows.slice(index, index + 50);
      sockets.push(...(await Promise.all(batch.map((row, offset) => connected(url, tokens[index + offset] ?? '', row.id)))));
    }
    const received: number[] = [];
    const started = performance.now();
    const everyone = Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, 10_000);
            socket.once(NOTIFICATION_EVENT, (notification: Notification) => {
              if (notification.type === 'release') received.push(performance.now() - started);
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
    await notifier.notifyEveryone({ type: 'release', title: 'Engine bench is out' });
    await everyone;
    return {
      bell: { p50: percentile(bell, 50), p95: percentile(bell, 95) },
      push: { p50: percentile(pushed, 50), p95: percentile(pushed, 95), sent },
      broadcast: { p50: percentile(received, 50), p99: percentile(received, 99), received: received.length, portals: sockets.length },
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await app.close();
    await database.close();
    await push.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchNotifications());
