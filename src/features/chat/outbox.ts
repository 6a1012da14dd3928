/**
 * Messages typed while the portal cannot reach the server wait here (IndexedDB through
 * idb-keyval) and go when it is back; each keeps its client id, so a resend is stored once.
 */
import { get, set } from 'idb-keyval';
import type { NewMessagePayload } from '@contract/chat/schemas';

const KEY = 'chat-outbox';

interface OutboxEntry extends NewMessagePayload {
  /** Optional on the server; the portal always sends one, so a resend is stored once. */
  clientId: string;
  createdAt: string;
}

export async function readOutbox(): Promise<OutboxEntry[]> {
  try {
    return (await get<OutboxEntry[]>(KEY)) ?? [];
  } catch {
    return [];
  }
}

async function write(entries: OutboxEntry[]): Promise<void> {
  try {
    await set(KEY, entries);
  } catch (error) {
    console.warn('The chat outbox could not be saved', error);
  }
}

/** One writer at a time: a put racing a take would lose an entry. */
let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(task: () => Promise<T>): Promise<T> => {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
};

export const putOutbox = (entry: OutboxEntry) => serial(async () => write([...(await readOutbox()).filter((e) => e.clientId !== entry.clientId), entry]));
export const takeOutbox = (clientId: string) => serial(async () => write((await readOutbox()).filter((e) => e.clientId !== clientId)));
