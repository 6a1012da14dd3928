/**
 * Fixed-window counters: at most `limit` hits per key per window. In memory for one process
 * (the clock is injectable so tests can move time; a restart starts over, acceptable for
 * slowing down guessing and mail flooding), or in Redis when REDIS_URL is set, so every server
 * process behind one address counts the same attempts.
 */
import type { RedisClient } from '../redis';

/** What the accounts rules ask of a limiter, whichever store keeps the counts. */
export interface Limiter {
  /** Seconds until `key` may hit again; null while it is under the limit. */
  retryAfterSeconds(key: string): Promise<number | null>;
  hit(key: string): Promise<void>;
  /** Checks then counts: the retry delay when over the limit (nothing counted), else null. */
  take(key: string): Promise<number | null>;
  reset(key: string): Promise<void>;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

interface Window {
  start: number;
  count: number;
}

/** Above this many keys, expired windows are swept on the next hit. */
const SWEEP_THRESHOLD = 10_000;

/** `take` for every store: check, then count only when allowed. */
abstract class FixedWindowLimiter implements Limiter {
  abstract retryAfterSeconds(key: string): Promise<number | null>;
  abstract hit(key: string): Promise<void>;
  abstract reset(key: string): Promise<void>;

  async take(key: string): Promise<number | null> {
    const retryAfter = await this.retryAfterSeconds(key);
    if (retryAfter === null) await this.hit(key);
    return retryAfter;
  }
}

/** The in-memory limiter (one process). */
export class RateLimiter extends FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;

  constructor(private readonly options: RateLimiterOptions) {
    super();
    this.now = options.now ?? Date.now;
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.now() - window.start >= this.options.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  async retryAfterSeconds(key: string): Promise<number | null> {
    const window = this.current(key);
    if (!window || window.count < this.options.limit) return null;
    return Math.max(1, Math.ceil((window.start + this.options.windowMs - this.now()) / 1000));
  }

  async hit(key: string): Promise<void> {
    if (this.windows.size > SWEEP_THRESHOLD) this.sweep();
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { start: this.now(), count: 1 });
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
  }
}

/**
 * The Redis limiter: one counter per key (`rate:<name>:<key>`) that expires with its window, so
 * Redis forgets old keys by itself. Shared by every process on the same Redis.
 */
export class RedisRateLimiter extends FixedWindowLimiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly name: string,
    private readonly options: Omit<RateLimiterOptions, 'now'>,
  ) {
    super();
  }

  private key(key: string): string {
    return `rate:${this.name}:${key}`;
  }

  async retryAfterSeconds(key: string): Promise<number | null> {
    const [count, ttl] = await this.redis.multi().get(this.key(key)).pTTL(this.key(key)).exec();
    if (Number(count ?? 0) < this.options.limit) return null;
    return Math.max(1, Math.ceil(Number(ttl) / 1000));
  }

  async hit(key: string): Promise<void> {
    // The window starts with the first hit: NX leaves a running window's expiry alone.
    await this.redis.multi().incr(this.key(key)).pExpire(this.key(key), this.options.windowMs, 'NX').exec();
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}

/** A limiter named `name`: in Redis when a client is given, else in this process's memory. */
export function createLimiter(redis: RedisClient | null, name: string, options: Omit<RateLimiterOptions, 'now'>): Limiter {
  return redis ? new RedisRateLimiter(redis, name, options) : new RateLimiter(options);
}

/** The longest of several delays (null when none applies). */
export function longestDelay(...delays: (number | null)[]): number | null {
  const given = delays.filter((delay): delay is number => delay !== null);
  return given.length ? Math.max(...given) : null;
}

/** "in 1 minute" / "in 15 minutes", rounded up. */
export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
