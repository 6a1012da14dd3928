/**
 * The change bus: after a change that server processes keep in memory, `publish(topic)` reaches
 * every process (this one at once, before publish returns), and each drops what it kept of that
 * topic, so its next read comes from the database. Other processes are reached through every
 * transport this one has (transports.ts: Redis pub/sub, PostgreSQL LISTEN/NOTIFY); with none
 * (PGlite: one process) the bus is this process only.
 *
 * A message names its topic and nothing else: a handler re-reads rather than trusting a value
 * sent along, so a message that arrives twice (once per transport), late or out of order cannot
 * leave a process with an old value. A transport that was cut may have missed messages: when it
 * is back it asks for a resync, and every topic is dropped once.
 */
import { randomBytes } from 'node:crypto';

/** What the processes keep in memory and drop on a change (docs/features/caching.md). */
export const CHANGES = {
  /** Plans, the catalogue and the currencies (http/catalogue-cache.ts). */
  catalogue: 'catalogue',
  /** The portal-payments remote config (modules/payments/remote-config.ts). */
  remoteConfig: 'remote-config',
} as const;

export type ChangeTopic = (typeof CHANGES)[keyof typeof CHANGES];

const TOPICS = new Set<string>(Object.values(CHANGES));

export interface ChangeBus {
  /** Tells every process (this one first) that `topic` changed; never throws (a failed send is logged). */
  publish(topic: ChangeTopic): Promise<void>;
  /** Runs `drop` whenever `topic` changes in any process, or messages may have been missed. */
  subscribe(topic: ChangeTopic, drop: () => void): void;
  close(): Promise<void>;
}

/** What a transport hands back to the bus. */
export interface Inbox {
  /** A message another process sent (or this one: the bus skips its own). */
  receive(message: string): void;
  /** Messages may have been missed (the transport was cut and is back): drop everything. */
  resync(): void;
}

/** A way to the other processes. */
export interface Transport {
  name: string;
  send(message: string): Promise<void>;
  close(): Promise<void>;
}

export type OpenTransport = (inbox: Inbox) => Promise<Transport>;

interface BusLog {
  warn(message: string): void;
}

/** `<sender> <topic>`: the sender's random id lets it skip its own messages. */
export function encodeChange(sender: string, topic: ChangeTopic): string {
  return `${sender} ${topic}`;
}

/** The sender and topic of a message, or null for anything else (a newer version's topic, noise). */
export function decodeChange(message: string): { sender: string; topic: ChangeTopic } | null {
  const space = message.indexOf(' ');
  const topic = message.slice(space + 1);
  if (space < 1 || !TOPICS.has(topic)) return null;
  return { sender: message.slice(0, space), topic: topic as ChangeTopic };
}

export async function createChangeBus(openers: OpenTransport[], log: BusLog): Promise<ChangeBus> {
  const sender = randomBytes(9).toString('base64url');
  const handlers = new Map<ChangeTopic, Array<() => void>>();

  const drop = (topic: ChangeTopic) => {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler();
      } catch (error) {
        log.warn(`dropping the ${topic} cache failed: ${(error as Error).message}`);
      }
    }
  };
  const inbox: Inbox = {
    receive: (message) => {
      const change = decodeChange(message);
      if (change && change.sender !== sender) drop(change.topic);
    },
    resync: () => {
      for (const topic of handlers.keys()) drop(topic);
    },
  };
  const transports = await Promise.all(openers.map((open) => open(inbox)));

  return {
    async publish(topic) {
      drop(topic);
      const message = encodeChange(sender, topic);
      const sent = await Promise.allSettled(transports.map((transport) => transport.send(message)));
      sent.forEach((outcome, index) => {
        if (outcome.status === 'rejected')
          log.warn(`the ${topic} change was not sent through ${transports[index]?.name}: ${(outcome.reason as Error).message}`);
      });
    },
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    async close() {
      await Promise.all(transports.map((transport) => transport.close()));
    },
  };
}
