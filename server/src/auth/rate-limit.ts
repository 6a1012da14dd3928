/**
 * Fixed-window counters in memory (one process): at most `limit` hits per key per window.
 * The clock is injectable so tests can move time. Counters of a restarted server start over,
 * which is acceptable for slowing down guessing and mail flooding.
 */
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

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;

  constructor(private readonly options: RateLimiterOptions) {
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

  /** Seconds until `key` may hit again; null while it is under the limit. */
  retryAfterSeconds(key: string): number | null {
    const window = this.current(key);
    if (!window || window.count < this.options.limit) return null;
    return Math.max(1, Math.ceil((window.start + this.options.windowMs - this.now()) / 1000));
  }

  hit(key: string): void {
    if (this.windows.size > SWEEP_THRESHOLD) this.sweep();
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { start: this.now(), count: 1 });
  }

  /** Checks then counts: the retry delay when over the limit (nothing counted), else null. */
  take(key: string): number | null {
    const retryAfter = this.retryAfterSeconds(key);
    if (retryAfter === null) this.hit(key);
    return retryAfter;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
  }
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
