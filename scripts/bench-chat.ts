/**
 * The support chat section of `npm run bench` (issue 13), bounded and on loopback only:
 * 1,000 chat sockets (one room, one device each) on one server process; every room receives
 * MESSAGES_PER_ROOM messages posted through the API; delivery is timed from the post to the
 * socket's NEW_MESSAGE, and lost and duplicated deliveries are counted (by message id). With
 * PostgreSQL and Redis answering on 127.0.0.1, the same across two processes sharing the Redis
 * adapter: sockets on one, posts on the other. The clients share the two cores with the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { CHAT_EVENTS, CHAT_ROOMS } from '../contract/chat/paths';
import type { ChatMessage, SupportRoom } from '../contract/chat/schemas';
import { buildApp, type AppInstance } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import type { DatabaseHandle } from '../server/src/db/database';
import { openSeededDatabaseAt } from '../server/src/seed';
import { freshPostgres, percentile } from './bench-kit';

const SOCKETS = 1000;
const MESSAGES_PER_ROOM = 3;
/** Posts in flight at once: more only queues posts behind the database, which is not delivery. */
const CONCURRENCY = 1;
const DELIVERY_TIMEOUT_MS = 15_000;
export const CHAT_TARGETS = { p99Ms: 50 };

export interface ChatRun {
  processes: number;
  sockets: number;
  expected: number;
  received: number;
  lost: number;
  duplicated: number;
  p50: number;
  p99: number;
}

async function listen(app: AppInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function joined(url: string, deviceId: string, roomId: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { deviceId } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const answer = (await socket.timeout(10_000).emitWithAck('join', CHAT_ROOMS.room(roomId))) as { ok: boolean };
  if (!answer.ok) throw new Error('join refused');
  return socket;
}

/** How the bench posts: a POST of `payload` to `url` (an API path), answering the status and body. */
export type ChatPoster = (url: string, payload?: object) => Promise<{ statusCode: number; body: string }>;

/** A poster that injects into an in-process app. */
function injecting(app: AppInstance, authorization: string): ChatPoster {
  return async (url, payload) => {
    const response = await app.inject({ method: 'POST', url, headers: { authorization }, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.body };
  };
}

/** Rooms made and messages posted through `post`; sockets connected to `socketUrl`. */
export async function chatRun(processes: number, post: ChatPoster, socketUrl: string): Promise<ChatRun> {
  const url = socketUrl;
  const sockets: Socket[] = [];
  try {
    const rooms: { deviceId: string; roomId: string }[] = [];
    for (let index = 0; index < SOCKETS; index += 1) {
      const deviceId = `bench-device-${index}-${Date.now().toString(36)}`;
      const response = await post(`/v1/portal/chat/rooms?deviceId=${deviceId}`);
      rooms.push({ deviceId, roomId: (JSON.parse(response.body) as { data: SupportRoom }).data.roomId });
    }
    for (let index = 0; index < rooms.length; index += 50) {
      sockets.push(...(await Promise.all(rooms.slice(index, index + 50).map((room) => joined(url, room.deviceId, room.roomId)))));
    }

    const sentAt = new Map<string, number>();
    const seen = new Map<number, number>();
    const latencies: number[] = [];
    sockets.forEach((socket) =>
      socket.on(CHAT_EVENTS.newMessage, (message: ChatMessage) => {
        const count = (seen.get(message.id) ?? 0) + 1;
        seen.set(message.id, count);
        const started = sentAt.get(message.clientId);
        if (count === 1 && started !== undefined) latencies.push(performance.now() - started);
      }),
    );

    const jobs = rooms.flatMap((room) => Array.from({ length: MESSAGES_PER_ROOM }, (_unused, n) => ({ ...room, clientId: `${room.deviceId}-${n}` })));
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) return;
        sentAt.set(job.clientId, performance.now());
        const response = await post(`/v1/portal/rooms/${job.roomId}/new-message`, {
          room: job.roomId,
          deviceId: job.deviceId,
          content: `bench ${job.clientId}`,
          clientId: job.clientId,
        });
        if (response.statusCode !== 200) throw new Error(`post failed: ${response.statusCode} ${response.body}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const expected = jobs.length;
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (seen.size < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // A late duplicate would still show up in this pause.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const duplicated = [...seen.values()].reduce((sum, count) => sum + count - 1, 0);
    return {
      processes,
      sockets: sockets.length,
      expected,
      received: seen.size,
      lost: expected - seen.size,
      duplicated,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

async function startApps(
  database: DatabaseHandle,
  count: number,
  env: Record<string, string>,
): Promise<{ apps: AppInstance[]; authorization: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-chat-'));
  const credential = 'bench-chat:0123456789abcdef';
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR: path.join(dataDir, 'dist'), LOG_LEVEL: 'silent', CLIENT_CREDENTIAL: credential, ...env });
  const apps: AppInstance[] = [];
  for (let index = 0; index < count; index += 1) apps.push(await buildApp({ config, db: database, logger: false, servePortal: false, jobs: false }));
  return { apps, authorization: `Basic ${Buffer.from(credential).toString('base64')}`, dataDir };
}

export async function benchChat(): Promise<ChatRun[]> {
  const runs: ChatRun[] = [];
  {
    const database = await openSeededDatabaseAt({ kind: 'pglite', dataDir: null });
    const { apps, authorization, dataDir } = await startApps(database, 1, {});
    try {
      runs.push(await chatRun(1, injecting(apps[0]!, authorization), await listen(apps[0]!)));
    } finally {
      for (const app of apps) await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const postgres = await freshPostgres(databaseUrl, 'bench_chat');
  if (postgres) {
    const database = await openSeededDatabaseAt({ kind: 'postgres', url: postgres.url });
    const { apps, authorization, dataDir } = await startApps(database, 2, { REDIS_URL: redisUrl });
    try {
      // Sockets on one process, posts on the other.
      runs.push(await chatRun(2, injecting(apps[0]!, authorization), await listen(apps[1]!)));
    } catch (error) {
      console.warn('Two-process chat run failed:', error instanceof Error ? error.message : error);
    } finally {
      for (const app of apps) await app.close();
      await database.close();
      await postgres.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return runs;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  console.log(JSON.stringify(await benchChat(), null, 2));
}
