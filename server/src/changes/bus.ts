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
 *
 * Every process that dropped a topic for another says so (an ack on the same transport), and
 * `publish` resolves once as many acks came back as the transport counted other listeners (at
 * most ACK_WAIT_MS): the answer to the request that made the change leaves only after every
 * other process dropped its copy, so a read anywhere right after it sees the change.
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
/** The longest a publish waits for the other processes' acks (one that is stuck must not hold a request). */
const ACK_WAIT_MS = 1000;

export interface ChangeBus {
  /** Tells every process (this one first) that `topic` changed; never throws (a failed send is logged). */
  publish(topic: ChangeTopic): Promise<void>;
  /** Runs `drop` whenever `topic` changes in any process, or messages may have been missed. */
  subscribe(topic: ChangeTopic, drop: () => void): void;
  close(): Promise<void>;
}

/** What a transport hands back to the bus. */
export interface Inbox {
  /** A message from any process listening on the transport, this one included. */
  receive(message: string): void;
  /** Messages may have been missed (the transport was cut and is back): drop everything. */
  resync(): void;
}

/** A way to the other processes. */
export interface Transport {
  name: string;
  /** Sends to every listener; answers how many processes listen, this one included. */
  send(message: string): Promise<number>;
  close(): Promise<void>;
}

export type OpenTransport = (inbox: Inbox) => Promise<Transport>;

interface BusLog {
  warn(message: string): void;
}

/** `change <sender> <number> <topic>` or `ack <sender> <number>` (the sender's random id and its count of changes). */
type Message = { kind: 'change'; sender: string; number: number; topic: ChangeTopic } | { kind: 'ack'; sender: string; number: number };

const encode = (message: Message) =>
  message.kind === 'change' ? `change ${message.sender} ${message.number} ${message.topic}` : `ack ${message.sender} ${message.number}`;

/** A message's parts, or null for anything else (a newer version's topic, noise). */
export function decodeChange(text: string): Message | null {
  const [kind, sender, number, topic, ...rest] = text.split(' ');
  if (!sender || !number || !/^\d{1,15}$/.test(number) || rest.length > 0) return null;
  if (kind === 'ack' && topic === undefined) return { kind, sender, number: Number(number) };
  if (kind === 'change' && topic !== undefined && TOPICS.has(topic)) return { kind, sender, number: Number(number), topic: topic as ChangeTopic };
  return null;
}

export async function createChangeBus(openers: OpenTransport[], log: BusLog): Promise<ChangeBus> {
  const sender = randomBytes(9).toString('base64url');
  const handlers = new Map<ChangeTopic, Array<() => void>>();
  let published = 0;
  /** `<transport index> <change number>` -> the acks a publish still waits for. */
  const waiting = new Map<string, { received: number; expected: number; done: () => void }>();

  const drop = (topic: ChangeTopic) => {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler();
      } catch (error) {
        log.warn(`dropping the ${topic} cache failed: ${(error as Error).message}`);
      }
    }
  };
  const acked = (key: string) => {
    const wait = waiting.get(key);
    if (!wait) return;
    wait.received += 1;
    if (wait.received >= wait.expected) wait.done();
  };
  const transports: Transport[] = [];
  const inboxOf = (index: number): Inbox => ({
    receive: (text) => {
      const message = decodeChange(text);
      if (message?.kind === 'ack' && message.sender === sender) acked(`${index} ${message.number}`);
      if (message?.kind !== 'change' || message.sender === sender) return;
      drop(message.topic);
      transports[index]?.send(encode({ kind: 'ack', sender: message.sender, number: message.number })).catch(() => undefined);
    },
    resync: () => {
      for (const topic of handlers.keys()) drop(topic);
    },
  });
  transports.push(...(await Promise.all(openers.map((open, index) => open(inboxOf(index))))));

  const sendThrough = async (transport: Transport, index: number, number: number, topic: ChangeTopic) => {
    const key = `${index} ${number}`;
    let timer: NodeJS.Timeout | undefined;
    // Acks may come back before send() answers how many to expect.
    const wait = { received: 0, expected: Infinity, done: () => {} };
    const acks = new Promise<void>((resolve) => {
      wait.done = resolve;
      timer = setTimeout(resolve, ACK_WAIT_MS);
    });
    waiting.set(key, wait);
    try {
      wait.expected = (await transport.send(encode({ kind: 'change', sender, number, topic }))) - 1;
      if (wait.received >= wait.expected) wait.done();
      await acks;
    } catch (error) {
      log.warn(`the ${topic} change was not sent through ${transport.name}: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
      waiting.delete(key);
    }
  };

  return {
    async publish(topic) {
      drop(topic);
      published += 1;
      const number = published;
      await Promise.all(transports.map((transport, index) => sendThrough(transport, index, number, topic)));
    },
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    async close() {
      await Promise.all(transports.map((transport) => transport.close()));
    },
  };
}
