/**
 * Rate limits in Redis (REDIS_URL): the counts are shared by every server process, and a window
 * ends by itself. Skipped, with the reason printed, when no Redis answers.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { AppInstance } from '../../server/src/app';
import { LIMITS, pairKey } from '../../server/src/auth/limits';
import { RedisRateLimiter } from '../../server/src/auth/rate-limit';
import type { DatabaseHandle } from '../../server/src/db/database';
import { connectRedis, type RedisClient } from '../../server/src/redis';
import { TEST_REDIS_URL, basicAuth, databaseKinds, openFreshDatabase, redisAnswers, removeTempDirs, startApp, testConfig } from './harness';

const redisUp = await redisAnswers();
if (!redisUp) console.log(`Redis not reachable at ${TEST_REDIS_URL}: skipping the shared rate-limit runs`);

describe.runIf(redisUp)('rate limits in Redis', () => {
  let redis: RedisClient;
  let database: DatabaseHandle;
  const apps: AppInstance[] = [];
  const silent = { warn: () => {}, info: () => {} } as unknown as Parameters<typeof connectRedis>[1];

  beforeAll(async () => {
    redis = await connectRedis(TEST_REDIS_URL, silent).then((clients) => {
      void clients.sub.close();
      return clients.pub;
    });
    database = await openFreshDatabase((await databaseKinds()).includes('postgres') ? 'postgres' : 'pglite');
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    await redis?.close();
    removeTempDirs();
  });

  it('counts, tells how long to wait, resets, and forgets a key when its window ends', async () => {
    const limiter = new RedisRateLimiter(redis, `test-${randomBytes(4).toString('hex')}`, { limit: 2, windowMs: 1000 });
    expect(await limiter.consume('a')).toEqual({ count: 1, retryAfterSeconds: null });
    expect(await limiter.consume('a')).toEqual({ count: 2, retryAfterSeconds: null });
    expect(await limiter.consume('a')).toEqual({ count: 3, retryAfterSeconds: 1 });
    expect(await limiter.retryAfterSeconds('b')).toBeNull();
    await limiter.reset('a');
    expect(await limiter.retryAfterSeconds('a')).toBeNull();
    await limiter.consume('a');
    await limiter.consume('a');
    expect(await limiter.retryAfterSeconds('a')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.retryAfterSeconds('a')).toBeNull();
  });

  it('two server processes on one Redis share the login limit', async () => {
    // Redis outlives the test: a visitor address and an e-mail of this run only, removed after.
    const config = () => testConfig({ REDIS_URL: TEST_REDIS_URL, TRUST_PROXY: 'loopback' });
    const [first, second] = await Promise.all([startApp(database, { config: config() }), startApp(database, { config: config() })]);
    apps.push(first, second);
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    const visitor = `198.51.100.${randomBytes(1)[0] ?? 1}`;
    const attempt = (app: AppInstance) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { authorization: basicAuth(), 'x-forwarded-for': visitor },
        payload: { grant_type: 'email', email, password: 'Wrong0000' },
      });
    onTestFinished(async () => {
      await redis.del(redisKeysOf(first, email, visitor));
    });
    for (const app of [first, second, first, second, first]) expect((await attempt(app)).statusCode).toBe(401);
    const blocked = await attempt(second);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many login attempts. Please try again in 15 minutes.' });
  });
});

describe.runIf(redisUp)('the login limit in Redis under parallel attempts', () => {
  let redis: RedisClient;
  let database: DatabaseHandle;
  let app: AppInstance;

  beforeAll(async () => {
    redis = await connectRedis(TEST_REDIS_URL, { warn: () => {}, info: () => {} } as unknown as Parameters<typeof connectRedis>[1]).then((clients) => {
      void clients.sub.close();
      return clients.pub;
    });
    database = await openFreshDatabase('pglite');
    app = await startApp(database, { config: testConfig({ REDIS_URL: TEST_REDIS_URL, TRUST_PROXY: 'loopback' }) });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await redis?.close();
  });

  it('60 parallel wrong logins: exactly 5 pass for one account, 20 for one address (INCR before the check)', async () => {
    const email = `parallel-${randomBytes(4).toString('hex')}@example.com`;
    const visitor = `192.0.2.${randomBytes(1)[0] ?? 1}`;
    const other = `192.0.2.${((randomBytes(1)[0] ?? 1) + 128) % 256}`;
    const emails = Array.from({ length: 60 }, (_, i) => `guess-${i}-${email}`);
    onTestFinished(async () => {
      await redis.del([...redisKeysOf(app, email, visitor), ...emails.flatMap((guess) => redisKeysOf(app, guess, other))]);
    });
    const attempt = (address: string, account: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { authorization: basicAuth(), 'x-forwarded-for': address },
        payload: { grant_type: 'email', email: account, password: 'Wrong0000' },
      });
    const count = (responses: { statusCode: number }[], status: number) => responses.filter((r) => r.statusCode === status).length;
    const sameAccount = await Promise.all(Array.from({ length: 60 }, () => attempt(visitor, email)));
    expect(count(sameAccount, 401)).toBe(LIMITS.loginPerAccountAddress.limit);
    expect(count(sameAccount, 429)).toBe(60 - LIMITS.loginPerAccountAddress.limit);
    const manyAccounts = await Promise.all(emails.map((account) => attempt(other, account)));
    expect(count(manyAccounts, 401)).toBe(LIMITS.loginPerAddress.limit);
    expect(count(manyAccounts, 429)).toBe(60 - LIMITS.loginPerAddress.limit);
  });
});

/** The Redis keys the login limits of `account` from `address` use (removed after a test). */
function redisKeysOf(app: AppInstance, account: string, address: string): string[] {
  const { loginPerAddress, loginPerAccountAddress, loginPerAccount } = app.limits;
  return [
    (loginPerAddress as RedisRateLimiter).key(address),
    (loginPerAccountAddress as RedisRateLimiter).key(pairKey(account, address)),
    (loginPerAccount as RedisRateLimiter).key(account),
  ];
}
