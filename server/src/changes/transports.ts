/**
 * The change bus's ways to the other processes (bus.ts): Redis pub/sub on the clients socket.io
 * already holds, and PostgreSQL LISTEN on a connection of its own (NOTIFY goes through the pool).
 * Each reconnects by itself and asks for a resync once it is back.
 */
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/database';
import type { RedisClient } from '../redis';
import type { Realtime } from '../realtime/socket';
import { createChangeBus, type ChangeBus, type OpenTransport } from './bus';

const REDIS_CHANNEL = 'portal:changes';
/** LISTEN/NOTIFY channels are identifiers: lower case, no colon. NOTIFY reaches one database only. */
const POSTGRES_CHANNEL = 'portal_changes';
/** The application_name of the LISTEN sessions: a publisher counts them to know how many acks to wait for. */
const LISTENER_NAME = 'portal-changes';
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5000;

/** The bus through Redis when REDIS_URL is set and through LISTEN/NOTIFY on PostgreSQL: both when both (either may be down). */
export function openChangeBus(deps: {
  realtime: Pick<Realtime, 'redis' | 'redisSubscriber'>;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}): Promise<ChangeBus> {
  const { redis, redisSubscriber } = deps.realtime;
  const openers: OpenTransport[] = [];
  if (redis && redisSubscriber) openers.push(redisTransport(redis, redisSubscriber));
  if (deps.database.dedicatedClient) openers.push(postgresTransport(deps.database, deps.database.dedicatedClient, deps.log));
  return createChangeBus(openers, deps.log);
}

function redisTransport(pub: RedisClient, sub: RedisClient): OpenTransport {
  return async (inbox) => {
    const listener = (message: string) => inbox.receive(message);
    await sub.subscribe(REDIS_CHANNEL, listener);
    // node-redis subscribes again by itself when it reconnects; what was sent meanwhile is lost.
    let cut = false;
    const onError = () => {
      cut = true;
    };
    const onReady = () => {
      if (cut) inbox.resync();
      cut = false;
    };
    sub.on('error', onError);
    sub.on('ready', onReady);
    return {
      name: 'Redis',
      // Not ready: the command would wait in the client's queue until Redis is back (LISTEN/NOTIFY or the resync covers it).
      send: async (message) => {
        if (!pub.isReady) throw new Error('Redis is down');
        // The subscribers that received it.
        return pub.publish(REDIS_CHANNEL, message);
      },
      close: async () => {
        sub.off('error', onError);
        sub.off('ready', onReady);
        if (sub.isReady) await sub.unsubscribe(REDIS_CHANNEL, listener);
      },
    };
  };
}

function postgresTransport(database: DatabaseHandle, connect: (name: string) => pg.Client, log: FastifyBaseLogger): OpenTransport {
  return async (inbox) => {
    let closed = false;
    let current: pg.Client | null = null;
    let missed = false;
    let delay = RETRY_FIRST_MS;
    let timer: NodeJS.Timeout | undefined;

    const attempt = async (): Promise<void> => {
      timer = undefined;
      const client = connect(LISTENER_NAME);
      let gone = false;
      const lost = (error?: Error) => {
        if (gone || closed) return;
        gone = true;
        missed = true;
        if (current === client) {
          current = null;
          log.warn(`PostgreSQL change listener lost (${error?.message ?? 'connection ended'}); reconnecting`);
        }
        client.end().catch(() => undefined);
        timer = setTimeout(() => void attempt(), delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (notification) => {
        if (notification.channel === POSTGRES_CHANNEL && notification.payload) inbox.receive(notification.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${POSTGRES_CHANNEL}`);
      } catch (error) {
        lost(error as Error);
        return;
      }
      if (gone) return;
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      delay = RETRY_FIRST_MS;
      if (missed) {
        log.info('PostgreSQL change listener connected again');
        inbox.resync();
        missed = false;
      }
    };

    await attempt();
    return {
      name: 'PostgreSQL',
      send: async (message) => {
        // The listeners are the sessions named LISTENER_NAME on this database.
        const { rows } = await database.executeSql(
          'SELECT pg_notify($1, $2), (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $3)::int AS listeners',
          [POSTGRES_CHANNEL, message, LISTENER_NAME],
        );
        return (rows[0] as { listeners: number } | undefined)?.listeners ?? 1;
      },
      close: async () => {
        closed = true;
        clearTimeout(timer);
        const client = current;
        current = null;
        await client?.end().catch(() => undefined);
      },
    };
  };
}
