/**
 * Fixed-window counters that count an attempt before anything else happens: `consume(key)`
 * increments and then compares, in one step, so parallel requests cannot all read "under the
 * limit" before any of them is counted. In memory for one process (synchronous, so atomic in
 * Node; the clock is injectable), or in Redis when REDIS_URL is set (INCR and PEXPIRE NX in one
 * MULTI), so every server process behind one address counts the same attempts (each process
 * counts alone while Redis is down).
 *
 * Keys are hashed to a fixed size before they are stored: a megabyte of e-mail address costs the
 * same 43 bytes as any other. The memory store also holds at most `maxKeys` keys.
 */
import { createHash } from 'node:crypto';
import type { RedisClient } from '../redis';
import { withTimeout } from '../timeout';

interface Consumed {
  /** Hits in the current window, this one included. */
  count: number;
  /** Null while `count` is within the limit; else the seconds until the window ends. */
  retryAfterSeconds: number | null;
}

export interface Limiter {
  readonly limit: number;
  /** Counts one hit for `key`, then tells whether it was within the limit. */
  consume(key: string): Promise<Consumed>;
  /** Seconds until `key` may hit again without counting anything; null while under the limit. */
  retryAfterSeconds(key: string): Promise<number | null>;
  reset(key: string): Promise<void>;
}

interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
  /** Memory store only: the most keys kept (default 100 000); the oldest windows go first. */
  maxKeys?: number;
}

/** A fixed-size stand-in for any key (sha256, base64url: 43 characters). */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

const secondsUntil = (endMs: number, nowMs: number) => Math.max(1, Math.ceil((endMs - nowMs) / 1000));

interface Window {
  start: number;
  count: number;
}

const DEFAULT_MAX_KEYS = 100_000;

/** The in-memory limiter (one process). Every method's work is synchronous. */
export class RateLimiter implements Limiter {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;
  private readonly maxKeys: number;
  readonly limit: number;

  constructor(private readonly options: RateLimiterOptions) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    this.limit = options.limit;
  }

  /** How many keys are held (tests check the bound). */
  get size(): number {
    return this.windows.size;
  }

  /** True when a window is held for `key` (tests check what is stored). */
  holds(key: string): boolean {
    return this.windows.has(hashKey(key));
  }

  private current(hashed: string): Window | undefined {
    const window = this.windows.get(hashed);
    if (window && this.now() - window.start >= this.options.windowMs) {
      this.windows.delete(hashed);
      return undefined;
    }
    return window;
  }

  private makeRoom(): void {
    if (this.windows.size < this.maxKeys) return;
    for (const key of [...this.windows.keys()]) this.current(key);
    // Still full: forget the oldest windows (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }

  async consume(key: string): Promise<Consumed> {
    const hashed = hashKey(key);
    let window = this.current(hashed);
    if (!window) {
      this.makeRoom();
      window = { start: this.now(), count: 0 };
      this.windows.set(hashed, window);
    }
    window.count += 1;
    const over = window.count > this.options.limit;
    return { count: window.count, retryAfterSeconds: over ? secondsUntil(window.start + this.options.windowMs, this.now()) : null };
  }

  async retryAfterSeconds(key: string): Promise<number | null> {
    const window = this.current(hashKey(key));
    if (!window || window.count < this.options.limit) return null;
    return secondsUntil(window.start + this.options.windowMs, this.now());
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(hashKey(key));
  }
}

/** How long a Redis count may take before this process counts alone (a Redis that stopped answering). */
const REDIS_ANSWER_MS = 1000;

/**
 * The Redis limiter: one counter per key (`rate:<name>:<sha256>`) that expires with its window,
 * so Redis forgets old keys by itself. Shared by every process on the same Redis.
 *
 * While Redis is down (or does not answer within REDIS_ANSWER_MS) it counts in this process's
 * memory instead: a login must neither wait for Redis (a command sent meanwhile waits in the
 * client's queue) nor fail with it. Until Redis is back the limits hold per process.
 */
export class RedisRateLimiter implements Limiter {
  readonly limit: number;
  private readonly local: RateLimiter;

  constructor(
    private readonly redis: RedisClient,
    private readonly name: string,
    private readonly options: Omit<RateLimiterOptions, 'now'>,
  ) {
    this.limit = options.limit;
    this.local = new RateLimiter(options);
  }

  /** The Redis key of `key` (tests clean up with it). */
  key(key: string): string {
    return `rate:${this.name}:${hashKey(key)}`;
  }

  private either<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    return this.redis.isReady ? withTimeout(shared(), REDIS_ANSWER_MS, 'Redis').catch(local) : local();
  }

  consume(key: string): Promise<Consumed> {
    return this.either(
      async () => {
        const redisKey = this.key(key);
        // The window starts with the first hit: NX leaves a running window's expiry alone.
        const [count, , ttl] = await this.redis.multi().incr(redisKey).pExpire(redisKey, this.options.windowMs, 'NX').pTTL(redisKey).exec();
        const hits = Number(count);
        return { count: hits, retryAfterSeconds: hits > this.options.limit ? Math.max(1, Math.ceil(Number(ttl) / 1000)) : null };
      },
      () => this.local.consume(key),
    );
  }

  retryAfterSeconds(key: string): Promise<number | null> {
    return this.either(
      async () => {
        const [count, ttl] = await this.redis.multi().get(this.key(key)).pTTL(this.key(key)).exec();
        if (Number(count ?? 0) < this.options.limit) return null;
        return Math.max(1, Math.ceil(Number(ttl) / 1000));
      },
      () => this.local.retryAfterSeconds(key),
    );
  }

  async reset(key: string): Promise<void> {
    await this.local.reset(key);
    if (this.redis.isReady) await withTimeout(this.redis.del(this.key(key)), REDIS_ANSWER_MS, 'Redis').catch(() => undefined);
  }
}

/** A limiter named `name`: in Redis when a client is given, else in this process's memory. */
export function createLimiter(redis: RedisClient | null, name: string, options: Omit<RateLimiterOptions, 'now'>): Limiter {
  return redis ? new RedisRateLimiter(redis, name, options) : new RateLimiter(options);
}

/**
 * Consumes each limiter in turn and stops at the first one over its limit (the later ones are
 * not counted): the retry delay of that one, or null when every limiter let the hit through.
 */
export async function consumeAll(...steps: Array<[Limiter, string]>): Promise<number | null> {
  for (const [limiter, key] of steps) {
    const { retryAfterSeconds } = await limiter.consume(key);
    if (retryAfterSeconds !== null) return retryAfterSeconds;
  }
  return null;
}

/** "in 1 minute" / "in 15 minutes", rounded up. */
export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
