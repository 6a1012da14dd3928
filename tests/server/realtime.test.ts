/**
 * socket.io on the app's HTTP server: the Origin rule, sockets signed in by their handshake
 * token, every join through a room authoriser; rooms on one process, and across two through Redis.
 */
import type { AddressInfo } from 'node:net';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../server/src/app';
import { signUserToken } from '../../server/src/auth/tokens';
import type { DatabaseHandle } from '../../server/src/db/database';
import { users } from '../../server/src/db/schema';
import { REALTIME_MESSAGES } from '../../server/src/realtime/socket';
import { RedisOpenError } from '../../server/src/redis';
import { TEST_JWT_SECRET, TEST_REDIS_URL, databaseKinds, openFreshDatabase, redisAnswers, removeTempDirs, startApp, testConfig } from './harness';
import { closeSockets, connectSocket } from './sockets';

const redisUp = await redisAnswers();
if (!redisUp) console.log(`Redis not reachable at ${TEST_REDIS_URL}: skipping the Redis adapter run`);

let database: DatabaseHandle;
const apps: AppInstance[] = [];
const PUBLIC_URL = 'https://portal.example';

beforeAll(async () => {
  // Rooms do not touch the database beyond the user: take the quickest one to open.
  database = await openFreshDatabase((await databaseKinds()).includes('postgres') ? 'postgres' : 'pglite');
});

afterAll(async () => {
  closeSockets();
  for (const app of apps) await app.close();
  await database?.close();
  removeTempDirs();
});

async function listeningApp(env: Record<string, string> = {}): Promise<{ app: AppInstance; url: string }> {
  const app = await startApp(database, { config: testConfig({ PUBLIC_URL, ...env }) });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

let counter = 0;
async function userWithToken(_app: AppInstance): Promise<{ id: number; token: string }> {
  counter += 1;
  const [row] = await database.db
    .insert(users)
    .values({ firstName: 'Ada', lastName: 'L', email: `socket-${counter}-${process.pid}@example.com` })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return { id: row.id, token: await signUserToken({ JWT_SECRET: TEST_JWT_SECRET, JWT_TTL_SECONDS: 600 }, row.id, row.sessionVersion) };
}

/** Connects, or rejects with the server's refusal. */
function client(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): Promise<Socket> {
  return connectSocket(url, options);
}

function join(socket: Socket, room: unknown): Promise<{ ok: boolean; message?: string }> {
  return socket.timeout(2000).emitWithAck('join', room);
}

describe('socket.io rooms', () => {
  it("a user room needs that user's token; an emit reaches its members only", async () => {
    const { app, url } = await listeningApp();
    const ada = await userWithToken(app);
    const bob = await userWithToken(app);
    const member = await client(url, { auth: { token: ada.token } });
    const other = await client(url, { auth: { token: bob.token } });
    const anonymous = await client(url);
    expect(await join(member, `user:${ada.id}`)).toEqual({ ok: true });
    expect(await join(other, `user:${ada.id}`)).toEqual({ ok: false, message: REALTIME_MESSAGES.forbidden });
    expect(await join(anonymous, `user:${ada.id}`)).toEqual({ ok: false, message: REALTIME_MESSAGES.forbidden });

    let outsiderGot = false;
    for (const outsider of [other, anonymous]) {
      outsider.on('greeting', () => {
        outsiderGot = true;
      });
    }
    const received = new Promise((resolve) => member.once('greeting', resolve));
    app.realtime.emitToRoom(`user:${ada.id}`, 'greeting', { text: 'hello' });
    expect(await received).toEqual({ text: 'hello' });
    expect(outsiderGot).toBe(false);
  });

  it('refuses bad room names and kinds no feature registered; a registered kind decides for itself', async () => {
    const { app, url } = await listeningApp();
    const socket = await client(url);
    for (const name of ['', 'room-1', 'x'.repeat(201), 12, 'user:']) {
      expect(await join(socket, name), String(name)).toEqual({ ok: false, message: REALTIME_MESSAGES.roomName });
    }
    expect(await join(socket, 'support:7')).toEqual({ ok: false, message: REALTIME_MESSAGES.forbidden });
    app.realtime.authorizeRooms('support', (_request, id) => id === '7');
    expect(await join(socket, 'support:7')).toEqual({ ok: true });
    expect(await join(socket, 'support:8')).toEqual({ ok: false, message: REALTIME_MESSAGES.forbidden });
    expect(() => app.realtime.authorizeRooms('user', () => true)).toThrow(/already has an authoriser/);
  });

  it('refuses a bad handshake token, and a browser Origin other than the public one or its own', async () => {
    const { url } = await listeningApp();
    await expect(client(url, { auth: { token: 'not-a-token' } })).rejects.toThrow('Your session has expired. Please log in again.');
    const withOrigin = (origin: string) => client(url, { extraHeaders: { origin } });
    await expect(withOrigin('https://evil.example')).rejects.toThrow();
    expect((await withOrigin(PUBLIC_URL)).connected).toBe(true);
    expect((await withOrigin(url)).connected).toBe(true);
    // No Origin at all: not a browser (a server, a CLI), which may connect.
    expect((await client(url)).connected).toBe(true);
    const polling = (origin: string) => client(url, { transports: ['polling'], extraHeaders: { origin } });
    await expect(polling('https://evil.example')).rejects.toThrow();
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
    const user = await userWithToken(a.app);
    const socket = await client(a.url, { auth: { token: user.token } });
    const name = `user:${user.id}`;
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
