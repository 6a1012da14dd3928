/**
 * Rate limits in Redis (REDIS_URL): the counts are shared by every server process, and a window
 * ends by itself. Skipped, with the reason printed, when no Redis answers.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { AppInstance } from '../../server/src/app';
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
    expect(await limiter.take('a')).toBeNull();
    expect(await limiter.take('a')).toBeNull();
    expect(await limiter.take('a')).toBe(1);
    expect(await limiter.retryAfterSeconds('b')).toBeNull();
    await limiter.reset('a');
    expect(await limiter.retryAfterSeconds('a')).toBeNull();
    await limiter.hit('a');
    await limiter.hit('a');
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
      await redis.del([`rate:login-email:${email}`, `rate:login-ip:${visitor}`]);
    });
    for (const app of [first, second, first, second, first]) expect((await attempt(app)).statusCode).toBe(401);
    const blocked = await attempt(second);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many login attempts. Please try again in 15 minutes.' });
  });
});
