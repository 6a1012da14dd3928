/** socket.io on the app's HTTP server: rooms on one process, and across two through Redis. */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/database';
import { RedisOpenError } from '../../server/src/redis';
import { TEST_REDIS_URL, databaseKinds, openFreshDatabase, redisAnswers, removeTempDirs, startApp, testConfig } from './harness';

const redisUp = await redisAnswers();
if (!redisUp) console.log(`Redis not reachable at ${TEST_REDIS_URL}: skipping the Redis adapter run`);

let database: DatabaseHandle;
const apps: AppInstance[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  // Rooms do not touch the database: take the quickest one to open (PostgreSQL when it answers).
  database = await openFreshDatabase((await databaseKinds()).includes('postgres') ? 'postgres' : 'pglite');
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const app of apps) await app.close();
  await database?.close();
  removeTempDirs();
});

async function listeningApp(env: Record<string, string> = {}): Promise<{ app: AppInstance; url: string }> {
  const app = await startApp(database, { config: testConfig(env) });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function client(url: string): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

function join(socket: Socket, room: unknown): Promise<{ ok: boolean; message?: string }> {
  return socket.timeout(2000).emitWithAck('join', room);
}

const room = () => `room-${randomBytes(4).toString('hex')}`;

describe('socket.io rooms', () => {
  it('delivers a room emit to members only, and refuses bad room names', async () => {
    const { app, url } = await listeningApp();
    const member = await client(url);
    const outsider = await client(url);
    const name = room();
    expect(await join(member, name)).toEqual({ ok: true });
    expect(await join(outsider, '')).toEqual({ ok: false, message: 'Room names are 1 to 200 characters' });

    let outsiderGot = false;
    outsider.on('greeting', () => {
      outsiderGot = true;
    });
    const received = new Promise((resolve) => member.once('greeting', resolve));
    app.realtime.emitToRoom(name, 'greeting', { text: 'hello' });
    expect(await received).toEqual({ text: 'hello' });
    expect(outsiderGot).toBe(false);
  });

  it('closing the app disconnects its clients promptly', async () => {
    const { app, url } = await listeningApp();
    const socket = await client(url);
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    await app.close();
    await disconnected;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe.runIf(redisUp)('socket.io with the Redis adapter', () => {
  it('an emit on one server instance reaches a room member connected to another', async () => {
    const a = await listeningApp({ REDIS_URL: TEST_REDIS_URL });
    const b = await listeningApp({ REDIS_URL: TEST_REDIS_URL });
    const socket = await client(a.url);
    const name = room();
    expect(await join(socket, name)).toEqual({ ok: true });

    const received = new Promise((resolve) => socket.once('news', resolve));
    // The adapter subscribes asynchronously: repeat the emit until it arrives.
    const timer = setInterval(() => b.app.realtime.emitToRoom(name, 'news', { from: 'b' }), 100);
    try {
      expect(await received).toEqual({ from: 'b' });
    } finally {
      clearInterval(timer);
    }
  });
});

it('an unreachable REDIS_URL fails the start with one line naming it', async () => {
  const started = Date.now();
  await expect(startApp(database, { config: testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }) })).rejects.toThrow(RedisOpenError);
  await expect(startApp(database, { config: testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }) })).rejects.toThrow(
    /^Cannot connect to Redis at REDIS_URL=redis:\/\/127\.0\.0\.1:1/,
  );
  expect(Date.now() - started).toBeLessThan(10_000);
});
