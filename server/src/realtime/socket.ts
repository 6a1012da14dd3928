/**
 * socket.io on the same HTTP server as the API (path /socket.io, websocket with polling
 * fallback). With REDIS_URL, rooms span every server process through the Redis adapter.
 *
 * Who may connect and join:
 * - a browser only from the public origin or the origin the request itself came to (a request
 *   without Origin is a non-browser client, and may connect);
 * - `auth.token` in the handshake signs the socket in (the bearer token, checked as on HTTP);
 *   a bad token is refused, no token makes an anonymous socket;
 * - rooms are named `<kind>:<id>`, and every `join` goes through the authoriser registered for
 *   its kind (`realtime.authorizeRooms(kind, check)`); unknown kinds are refused. `user:<id>`
 *   needs that user's token. Features register their own kinds (chat rooms, design sessions).
 *
 * Every payload is held to the JSON bound of the request bodies (bounded-parser.ts).
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { RedisAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { AUTH_MESSAGES, type SessionUser } from '../auth/guards';
import type { Config } from '../config';
import { JSON_LIMITS } from '../http/json-limits';
import { connectRedis, type RedisClient } from '../redis';
import { boundedParser, refuseBoundedPayloads } from './bounded-parser';

/** Who a room check sees: the signed-in user of the socket, or null. */
interface RoomRequest {
  user: SessionUser | null;
  socket: Socket;
}

/** May this socket join the room `<kind>:<id>`? */
type RoomCheck = (request: RoomRequest, id: string) => boolean | Promise<boolean>;

export interface Realtime {
  io: Server;
  /** The Redis connection when REDIS_URL is set (also used for shared rate limits), else null. */
  redis: RedisClient | null;
  /** Its subscriber connection (the change bus listens on it too), else null. */
  redisSubscriber: RedisClient | null;
  /** Registers who may join rooms of `kind` (a second registration of a kind is a bug). */
  authorizeRooms(kind: string, check: RoomCheck): void;
  emitToRoom(room: string, event: string, payload: unknown): void;
  /** Disconnects every client of this process (before the HTTP server closes). */
  disconnectClients(): void;
  /** Closes the adapter and the Redis connections. */
  close(): Promise<void>;
}

export const REALTIME_MESSAGES = {
  roomName: 'Room names are <kind>:<id>, 1 to 200 characters',
  forbidden: 'You may not join this room',
  origin: 'This origin may not connect',
} as const;

const MAX_ROOM_LENGTH = 200;
const ROOM_NAME = /^([a-z][a-z0-9-]{0,31}):([^\s]{1,160})$/;

export function isRoomName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_ROOM_LENGTH && ROOM_NAME.test(value);
}

type Ack = (result: { ok: boolean; message?: string }) => void;

function asAck(value: unknown): Ack {
  return typeof value === 'function' ? (value as Ack) : () => {};
}

/** Origin rule of the handshake (see the module comment). */
function isAllowedOrigin(request: Pick<IncomingMessage, 'headers'>, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The Redis adapter, on this process's own rooms while Redis is down: a broadcast reaches this
 * process's sockets at once instead of waiting in the client's queue, and a look at a room's
 * sockets (fetchSockets, which first counts the servers through Redis) answers with this
 * process's instead of hanging until Redis is back.
 */
class OneProcessWhileDown extends RedisAdapter {
  constructor(
    nsp: unknown,
    private readonly pub: RedisClient,
    sub: RedisClient,
  ) {
    super(nsp, pub, sub);
  }

  override serverCount(): Promise<number> {
    return this.pub.isReady ? super.serverCount().catch(() => 1) : Promise.resolve(1);
  }

  override broadcast(packet: unknown, opts: Parameters<RedisAdapter['broadcast']>[1]): void {
    super.broadcast(packet, this.pub.isReady ? opts : { ...opts, flags: { ...opts.flags, local: true } });
  }
}

interface RealtimeDeps {
  config: Pick<Config, 'REDIS_URL' | 'PUBLIC_ORIGIN'>;
  log: FastifyBaseLogger;
  /** The user of a session token, or null (the same check as the HTTP guards). */
  authenticate: (token: string) => Promise<SessionUser | null>;
}

export async function attachRealtime(server: HttpServer, { config, log, authenticate }: RealtimeDeps): Promise<Realtime> {
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, log) : null;
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    transports: ['polling', 'websocket'],
    parser: boundedParser,
    // The transport's own ceiling, above the bound: a message a little over it is answered 413 by
    // the parser rather than dropped with its connection.
    maxHttpBufferSize: 2 * JSON_LIMITS.bytes,
    allowRequest: (request, callback) => {
      const allowed = isAllowedOrigin(request, config.PUBLIC_ORIGIN);
      callback(allowed ? null : REALTIME_MESSAGES.origin, allowed);
    },
  });
  // socket.io calls the factory with `new`: a function, not an arrow.
  if (redis)
    io.adapter(function oneProcessWhileDown(nsp) {
      return new OneProcessWhileDown(nsp, redis.pub, redis.sub);
    });

  const checks = new Map<string, RoomCheck>();
  const authorizeRooms = (kind: string, check: RoomCheck) => {
    if (checks.has(kind)) throw new Error(`Room kind ${kind} already has an authoriser`);
    checks.set(kind, check);
  };
  authorizeRooms('user', ({ user }, id) => user !== null && String(user.id) === id);

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    if (token === undefined || token === null || token === '') {
      socket.data.user = null;
      return next();
    }
    if (typeof token !== 'string' || token.length > 4096) return next(new Error(AUTH_MESSAGES.sessionExpired));
    authenticate(token).then(
      (user) => {
        if (!user) return next(new Error(AUTH_MESSAGES.sessionExpired));
        socket.data.user = user;
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'socket.io authentication failed');
        next(new Error('Internal server error'));
      },
    );
  });

  io.on('connection', (socket) => {
    refuseBoundedPayloads(socket);
    socket.on('join', async (room: unknown, ack: unknown) => {
      const reply = asAck(ack);
      if (!isRoomName(room)) return reply({ ok: false, message: REALTIME_MESSAGES.roomName });
      const [, kind = '', id = ''] = ROOM_NAME.exec(room) ?? [];
      const check = checks.get(kind);
      let allowed = false;
      try {
        allowed = check ? await check({ user: (socket.data.user as SessionUser | null) ?? null, socket }, id) : false;
      } catch (error) {
        log.error({ err: error }, `room check of ${kind} failed`);
      }
      if (!allowed) return reply({ ok: false, message: REALTIME_MESSAGES.forbidden });
      await socket.join(room);
      reply({ ok: true });
    });
    socket.on('leave', async (room: unknown, ack: unknown) => {
      if (!isRoomName(room)) return asAck(ack)({ ok: false, message: REALTIME_MESSAGES.roomName });
      await socket.leave(room);
      asAck(ack)({ ok: true });
    });
  });

  return {
    io,
    redis: redis?.pub ?? null,
    redisSubscriber: redis?.sub ?? null,
    authorizeRooms,
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
