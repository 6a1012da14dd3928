/**
 * socket.io on the same HTTP server as the API (path /socket.io, websocket with polling
 * fallback). With REDIS_URL, rooms span every server process through the Redis adapter.
 * Clients `join`/`leave` rooms by name; the server emits to a room with `emitToRoom`.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import type { Config } from '../config';
import { connectRedis, type RedisClient } from '../redis';

export interface Realtime {
  io: Server;
  /** The Redis connection when REDIS_URL is set (also used for shared rate limits), else null. */
  redis: RedisClient | null;
  emitToRoom(room: string, event: string, payload: unknown): void;
  /** Disconnects every client of this process (before the HTTP server closes). */
  disconnectClients(): void;
  /** Closes the adapter and the Redis connections. */
  close(): Promise<void>;
}

const MAX_ROOM_LENGTH = 200;

export function isRoomName(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_ROOM_LENGTH;
}

type Ack = (result: { ok: boolean; message?: string }) => void;

function asAck(value: unknown): Ack {
  return typeof value === 'function' ? (value as Ack) : () => {};
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
    redis: redis?.pub ?? null,
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
