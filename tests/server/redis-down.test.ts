/**
 * Redis gone (docs/features/caching.md, "When Redis is down"): a server started on its own
 * throwaway redis-server keeps answering when that Redis is killed (logins and their limits,
 * calls that look across processes through socket.io, a change published on the bus), and says
 * so in /healthz; when Redis is back, /healthz says so and the limits are shared in Redis again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@contract/constants';
import { PAYMENT_PATHS } from '@contract/payments/paths';
import type { Template } from '@contract/templates/schemas';
import type { AppInstance } from '../../server/src/app';
import type { DatabaseHandle } from '../../server/src/db/database';
import { userRoles } from '../../server/src/db/schema';
import { basicAuth, freePort, openFreshDatabase, redisAnswers, removeTempDirs, startApp, testConfig } from './harness';
import { PASSWORD, registrationPayload } from './kit';

const redisInstalled = await new Promise<boolean>((resolve) => {
  const probe = spawn('redis-server', ['--version'], { stdio: 'ignore' });
  probe.on('error', () => resolve(false));
  probe.on('exit', (code) => resolve(code === 0));
});
if (!redisInstalled) console.log('redis-server is not installed: skipping the Redis-down runs');

/** A redis-server of this test only, on `port`, keeping nothing on disk. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let waited = 0; waited < 5000; waited += 50) {
    if (await redisAnswers(`redis://127.0.0.1:${port}`)) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not start on port ${port}`);
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/** Polls `check` every 100 ms until it holds (at most `ms`). */
async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(redisInstalled)('Redis gone, and back', () => {
  let redis: ChildProcess;
  let redisPort: number;
  let database: DatabaseHandle;
  let app: AppInstance;
  let base: string;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    database = await openFreshDatabase('pglite');
    app = await startApp(database, { config: testConfig({ REDIS_URL: `redis://127.0.0.1:${redisPort}`, TRUST_PROXY: 'loopback' }) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (redis) await stopRedis(redis);
    removeTempDirs();
  });

  /** A call that must answer within 3 s (a call waiting for Redis would not). */
  const call = (method: string, url: string, options: { token?: string; body?: unknown; from?: string } = {}) =>
    fetch(`${base}${url}`, {
      method,
      signal: AbortSignal.timeout(3000),
      headers: {
        authorization: options.token ? `Bearer ${options.token}` : basicAuth(),
        ...(options.from ? { 'x-forwarded-for': options.from } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  const health = async () => ((await (await call('GET', '/healthz')).json()) as { data: { db: string; redis: string } }).data;
  const login = (email: string, password: string, from: string) => call('POST', '/v1/auth/login', { body: { grant_type: 'email', email, password }, from });

  it('says redis up, then down within moments of Redis being killed, and keeps answering 200', async () => {
    expect(await health()).toEqual({ db: 'up', redis: 'up' });
    await stopRedis(redis);
    await until(async () => (await health()).redis === 'down', 3000);
    const response = await call('GET', '/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'OK', data: { db: 'up', redis: 'down' } });
  });

  it('while Redis is down: registration and login answer, and the login limit holds in this process', async () => {
    const payload = registrationPayload();
    const registered = await call('POST', '/v1/auth/register', { body: payload, from: '198.51.100.7' });
    expect(registered.status, await registered.clone().text()).toBe(200);
    expect((await login(payload.email, PASSWORD, '198.51.100.7')).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await login(payload.email, 'Wrong0000', '198.51.100.8')).status).toBe(401);
    const blocked = await login(payload.email, 'Wrong0000', '198.51.100.8');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ message: 'Too many login attempts. Please try again in 15 minutes.' });
  });

  it('while Redis is down: a call that looks at sockets across processes, and a change published on the bus, answer', async () => {
    const payload = registrationPayload();
    const registered = await call('POST', '/v1/auth/register', { body: payload, from: '198.51.100.9' });
    const { token, user } = ((await registered.json()) as { data: { token: string; user: { id: number } } }).data;
    const created = await call('POST', '/v1/templates', { token, body: { name: 'Offline Redis', category: 'autos', tags: ['redis'] } });
    expect(created.status, await created.clone().text()).toBe(201);
    const template = ((await created.json()) as { data: Template }).data;
    // Unpublishing looks for the sockets that followed it, on every process (socket.io's fetchSockets).
    const unpublished = await call('PUT', `/v1/templates/${template.templateId}`, { token, body: { category: template.category, isPublished: 0 } });
    expect(unpublished.status, await unpublished.clone().text()).toBe(200);
    await database.db.insert(userRoles).values({ userId: user.id, roleId: ROLE.SOVEREIGN });
    const put = await call('PUT', `/v1${PAYMENT_PATHS.remoteConfig}`, { token, body: { provider: 'stripe' } });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(((await (await call('GET', `/v1${PAYMENT_PATHS.remoteConfig}`)).json()) as { data: { provider: string } }).data.provider).toBe('stripe');
  });

  it('says redis up again once Redis is back, and counts logins in Redis again', async () => {
    redis = await startRedis(redisPort);
    await until(async () => (await health()).redis === 'up', 10_000);
    const payload = registrationPayload();
    expect((await call('POST', '/v1/auth/register', { body: payload, from: '198.51.100.10' })).status).toBe(200);
    expect((await login(payload.email, 'Wrong0000', '198.51.100.11')).status).toBe(401);
    const { createClient } = await import('redis');
    const client = createClient({ url: `redis://127.0.0.1:${redisPort}` });
    await client.connect();
    try {
      expect((await client.keys('rate:login-per-account-address:*')).length).toBe(1);
    } finally {
      await client.close();
    }
  });
});
