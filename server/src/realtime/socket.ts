/**
 * socket.io on the same HTTP server as the API (path /socket.io, websocket with polling
 * fallback). With REDIS_URL, rooms span every server process through the Redis adapter.
 * Clients `join`/`leave` rooms by name; the server emits to a room with `emitToRoom`.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { redactUrl, type Config } from '../config';

export interface Realtime {
  io: Server;
  emitToRoom(room: string, event: string, payload: unknown): void;
  /** Disconnects every client of this process (before the HTTP server closes). */
  disconnectClients(): void;
  /** Closes the adapter and the Redis connections. */
  close(): Promise<void>;
}

/** Thrown when REDIS_URL is set but Redis does not answer; the message is one line. */
export class RealtimeOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RealtimeOpenError';
  }
}

const MAX_ROOM_LENGTH = 200;

export function isRoomName(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_ROOM_LENGTH;
}

type Ack = (result: { ok: boolean; message?: string }) => void;

function asAck(value: unknown): Ack {
  return typeof value === 'function' ? (value as Ack) : () => {};
}

async function connectRedis(url: string, log: FastifyBaseLogger) {
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
    throw new RealtimeOpenError(`Cannot connect to Redis at REDIS_URL=${redactUrl(url)}: ${(cause as Error).message || 'no answer'}`);
  }
  connected = true;
  return { pub, sub };
}

export async function attachRealtime(server: HttpServer, config: Pick<Config, 'REDIS_URL'>, log: FastifyBaseLogger): Promise<Realtime> {
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, log) : null;
  const io = new Server(server, { path: '/socket.io', serveClient: false, transports: ['polling', 'websocket'] });
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub));

  io.on('connection', (socket) => {
    socket.on('join', async (room: unknown, ack: unknown) => {
      if (!isRoomName(room)) return asAck(ack)({ ok: false, message: 'Room names are 1 to 200 characters' });
      await socket.join(room);
      asAck(ack)({ ok: true });
    });
    socket.on('leave', async (room: unknown, ack: unknown) => {
      if (!isRoomName(room)) return asAck(ack)({ ok: false, message: 'Room names are 1 to 200 characters' });
      await socket.leave(room);
      asAck(ack)({ ok: true });
    });
  });

  return {
    io,
    emitToRoom: (room, event, payload) => {
      io.to(room).emit(event, payload);
    },
    disconnectClients: () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    },
    close: async () => {
      await io.of('/').adapter.close();
      if (redis) await Promise.all([redis.pub.close(), redis.sub.close()]);
    },
  };
}
