/**
 * The durable outbox of design edits ("never lose an edit"). Each edit gets an id and its write
 * to IndexedDB (idb-keyval) is issued before it is sent; it leaves the outbox only when that write
 * has committed and the store has acknowledged the edit (or refused it for good). An edit with
 * nothing waiting before it is sent without waiting for the commit: a tab that dies in between
 * loses nothing the wait would have kept (the store has the edit, or neither has it). The outbox
 * replays on start, on reconnect, and from the service worker's Background Sync
 * (src/sw/design-sync.ts reads the same store). The store
 * applies an edit id at most once, so a replay after a lost acknowledgement changes nothing.
 * Edits leave in the order they were made (keys are zero-padded sequence numbers), one send
 * window at a time over one connection: edits to one path stay in order.
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { byKey, OUTBOX_DB, OUTBOX_STORE, type OutboxEdit } from '@contract/design/outbox';
import { newEditId, RealtimeWriteRefused, type RealtimeDb } from '@/realtime/port';

export type { OutboxEdit };

export interface Outbox {
  /** Stores the edit durably, then tries to send it; resolves once it is stored. */
  enqueue(updates: Record<string, unknown>, id?: string): Promise<OutboxEdit>;
  /** Sends every waiting edit in order; stops at the first that cannot be delivered. */
  flush(): Promise<void>;
  /** The edits still waiting, oldest first. */
  pending(): Promise<OutboxEdit[]>;
  /** Calls back with the number of waiting edits whenever it changes. */
  subscribe(listener: (count: number) => void): () => void;
  count(): number;
}

interface OutboxOptions {
  db: () => Promise<RealtimeDb>;
  store?: UseStore;
  /** Told about an edit the store refused for good (it is dropped, never retried). */
  onRefused?: (edit: OutboxEdit, message: string) => void;
  /** The session token stored with each edit, for the service worker's replay. */
  token?: () => string | null;
  /** Told when an edit was acknowledged, with the document revision it produced. */
  onDelivered?: (edit: OutboxEdit, revision: number) => void;
}

/**
 * Keys sort as text in creation order across reloads: the time, a counter within one
 * millisecond, then the edit id (two tabs writing in the same millisecond never collide).
 */
let lastTime = 0;
let counter = 0;
function keyOf(id: string): string {
  const now = Math.max(Date.now(), lastTime);
  counter = now === lastTime ? counter + 1 : 0;
  lastTime = now;
  return `${String(now).padStart(15, '0')}-${String(counter).padStart(6, '0')}-${id}`;
}

/**
 * Edits sent without waiting for each acknowledgement. A lost connection delivers a prefix of
 * them, so what the store applied is still in order; the rest is replayed in order.
 */
const SEND_WINDOW = 50;

function openOutboxStore(): UseStore {
  return createStore(OUTBOX_DB, OUTBOX_STORE);
}

export function createOutbox({ db, store = openOutboxStore(), onRefused, onDelivered, token }: OutboxOptions): Outbox {
  const listeners = new Set<(count: number) => void>();
  let count = 0;
  let flushing: Promise<void> | null = null;
  let again = false;
  let connection: RealtimeDb | null = null;

  /** Whether `count` has come from reading the store (edits of an earlier visit are counted). */
  let counted = false;
  const read = async (): Promise<Array<[string, OutboxEdit]>> => {
    const waiting = (await entries<string, OutboxEdit>(store)).sort(byKey);
    counted = true;
    return waiting;
  };
  const setCount = (next: number) => {
    if (next === count) return;
    count = next;
    for (const listener of listeners) listener(count);
  };
  const recount = async () => setCount((await read()).length);

  /**
   * `known`: the edits waiting, when the caller knows them without reading the store; `stored`:
   * their write to the store, still under way (nothing is deleted or counted before it commits).
   */
  const drain = async (known?: Array<[string, OutboxEdit]>, stored?: Promise<unknown>) => {
    // Once at hand, the connection is used in this task: an edit leaves before React renders it.
    const realtime = connection ?? (connection = await db());
    const waiting = known ?? (await read());
    for (let start = 0; start < waiting.length; start += SEND_WINDOW) {
      const window = waiting.slice(start, start + SEND_WINDOW);
      // Sent back to back on one connection: the store receives (and applies) them in this order.
      const results = await Promise.allSettled(window.map(([, edit]) => realtime.update(edit.updates, { editId: edit.id })));
      await stored?.catch(() => undefined);
      let undelivered = false;
      for (const [index, result] of results.entries()) {
        const [key, edit] = window[index] as [string, OutboxEdit];
        if (result.status === 'fulfilled') {
          await del(key, store);
          onDelivered?.(edit, result.value.revision);
        } else if (result.reason instanceof RealtimeWriteRefused) {
          await del(key, store);
          onRefused?.(edit, result.reason.message);
        } else undelivered = true; // kept: replayed later (an id already applied answers as a duplicate)
      }
      if (undelivered) break;
    }
    await recount();
  };

  const flush = (known?: Array<[string, OutboxEdit]>, stored?: Promise<unknown>): Promise<void> => {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = (async () => {
      // The caller's edits and their write go with the first round only.
      let first = known;
      let writing = stored;
      do {
        again = false;
        await drain(first, writing);
        first = undefined;
        writing = undefined;
      } while (again);
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  void recount();

  return {
    async enqueue(updates, id = newEditId()) {
      const edit: OutboxEdit = { id, updates, createdAt: Date.now(), token: token?.() ?? null };
      const key = keyOf(id);
      const stored = set(key, edit, store);
      if (counted && count === 0 && !flushing) {
        // Nothing else waits or is being sent: this edit is all there is to send, so it leaves
        // now, while its write commits (the other tabs and the phone get it a frame or two sooner).
        setCount(1);
        void flush([[key, edit]], stored);
        await stored;
      } else {
        await stored;
        setCount(count + 1);
        void flush();
      }
      return edit;
    },
    flush: () => flush(),
    pending: async () => (await read()).map(([, edit]) => edit),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    count: () => count,
  };
}
