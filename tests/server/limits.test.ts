/**
 * Rate limits: the memory store counts before it compares, keeps keys at a fixed size and a
 * bounded count; through HTTP, a megabyte of e-mail address is refused before it becomes a key.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { RateLimiter, consumeAll, hashKey, inMinutes } from '../../server/src/auth/rate-limit';
import { useApp } from './kit';
import { basicAuth, databaseKinds, removeTempDirs } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

describe('RateLimiter (memory)', () => {
  it('counts every hit, lets `limit` through per window, tells how long to wait, and starts over in the next window', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    for (let i = 1; i <= 3; i += 1) expect(await limiter.consume('a')).toEqual({ count: i, retryAfterSeconds: null });
    expect(await limiter.consume('a')).toEqual({ count: 4, retryAfterSeconds: 60 });
    expect((await limiter.consume('b')).retryAfterSeconds).toBeNull();
    now += 59_001;
    expect(await limiter.retryAfterSeconds('a')).toBe(1);
    now += 999;
    expect(await limiter.retryAfterSeconds('a')).toBeNull();
    expect(await limiter.consume('a')).toEqual({ count: 1, retryAfterSeconds: null });
  });

  it('is atomic: of 50 parallel hits exactly `limit` get through', async () => {
    const limiter = new RateLimiter({ limit: 5, windowMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.consume('k')));
    expect(results.filter((result) => result.retryAfterSeconds === null)).toHaveLength(5);
  });

  it('reset clears a key; consumeAll stops at the first limiter over its limit', async () => {
    const first = new RateLimiter({ limit: 1, windowMs: 1000, now: () => 0 });
    const second = new RateLimiter({ limit: 5, windowMs: 1000, now: () => 0 });
    expect(await consumeAll([first, 'x'], [second, 'y'])).toBeNull();
    expect(await consumeAll([first, 'x'], [second, 'y'])).toBe(1);
    // The second was not counted for the refused attempt.
    expect((await second.consume('y')).count).toBe(2);
    await first.reset('x');
    expect(await first.retryAfterSeconds('x')).toBeNull();
  });

  it('stores keys hashed to a fixed size and holds at most maxKeys of them', async () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100 });
    expect(hashKey('x'.repeat(1_000_000))).toHaveLength(43);
    for (let i = 0; i < 1000; i += 1) await limiter.consume(`key-${i}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    expect(limiter.holds('key-999')).toBe(true);
    expect(limiter.holds('key-0')).toBe(false);
  });

  it('words delays in whole minutes, rounded up', () => {
    expect(inMinutes(1)).toBe('in 1 minute');
    expect(inMinutes(61)).toBe('in 2 minutes');
    expect(inMinutes(900)).toBe('in 15 minutes');
  });
});

describe.each(kinds)('oversized input on %s', (kind) => {
  const kit = useApp(kind);

  it('a 1 MB e-mail address is refused (400 by the schema, 413 past the body limit) and never kept as a limit key', async () => {
    const huge = `${'a'.repeat(1_000_000)}@example.com`;
    const limiters = kit.app.limits;
    const keysBefore = Object.values(limiters).map((limiter) => (limiter as RateLimiter).size);
    for (const url of ['/v1/auth/login', '/v1/auth/forgot-password']) {
      const response = await kit.app.inject({
        method: 'POST',
        url,
        headers: { authorization: basicAuth() },
        payload: { grant_type: 'email', email: huge, password: 'Wrong0000' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: 'Email must be at most 254 characters' });
    }
    const overLimit = await kit.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { authorization: basicAuth() },
      payload: { grant_type: 'email', email: `${'a'.repeat(1_100_000)}@example.com`, password: 'x' },
    });
    expect(overLimit.statusCode).toBe(413);
    expect(Object.values(limiters).map((limiter) => (limiter as RateLimiter).size)).toEqual(keysBefore);
    expect((limiters.loginPerAccount as RateLimiter).holds(huge)).toBe(false);
  });

  it('every e-mail field stops at 254 characters', async () => {
    const { token } = await kit.register();
    const long = `${'a'.repeat(250)}@example.com`;
    const calls: [string, string, unknown, string | null][] = [
      [
        'POST',
        '/v1/auth/register',
        { firstName: 'A', lastName: 'B', email: long, phoneNo: '+2348012345678', password: 'Passw0rd1', confirmPassword: 'Passw0rd1' },
        null,
      ],
      ['POST', '/v1/users/find', { email: long }, token],
      ['POST', '/v1/emails/send', { emailType: 'WELCOME_EMAIL', to: long }, token],
      ['POST', '/v1/referrals/send-invite', { email: long }, token],
      ['POST', '/v1/customers', { firstName: 'A', lastName: 'B', email: long, phoneNo: '+2348012345678' }, token],
    ];
    for (const [method, url, payload, as] of calls) {
      const response = await kit.call(method as 'POST', url, as, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: 'Email must be at most 254 characters' });
    }
  });
});
