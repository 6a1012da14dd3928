/**
 * The Redis connection when REDIS_URL is set: socket.io's adapter (rooms across processes) and
 * the shared rate limits use it. At start a missing Redis is an error to report in one line;
 * once running, the clients keep reconnecting.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { redactUrl } from './config';

/** Thrown when REDIS_URL is set but Redis does not answer; the message is one line. */
export class RedisOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisOpenError';
  }
}

export async function connectRedis(url: string, log: FastifyBaseLogger) {
  let connected = false;
  let down = false;
  const pub = createClient({
    url,
    socket: {
      connectTimeout: 5000,
      // At start a missing Redis is an error to report; once running, keep reconnecting.
      reconnectStrategy: (retries, cause) => (connected ? Math.min(100 * 2 ** retries, 5000) : retries >= 2 ? cause : 200),
    },
  });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on('error', (error: Error) => {
      if (connected && !down) log.warn(`Redis connection lost (${error.message}); reconnecting`);
      down = true;
    });
    client.on('ready', () => {
      if (connected && down) log.info('Redis connection restored');
      down = false;
    });
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (cause) {
    pub.destroy();
    sub.destroy();
    throw new RedisOpenError(`Cannot connect to Redis at REDIS_URL=${redactUrl(url)}: ${(cause as Error).message || 'no answer'}`);
  }
  connected = true;
  return { pub, sub };
}

export type RedisClient = Awaited<ReturnType<typeof connectRedis>>['pub'];
