/**
 * The `local` adapter: the portal's own server over socket.io (events in
 * contract/design/realtime.ts). Subscriptions are per document; a path inside a document is read
 * out of the document's value. On reconnect every subscription is made again (spec section 7:
 * "On reconnect it resubscribes to all rooms"), which also delivers what changed meanwhile.
 */
import {
  designAddress,
  REALTIME_EVENTS,
  REALTIME_MESSAGES,
  type RealtimeAck,
  type RealtimeReadRequest,
  type RealtimeSnapshot,
  type RealtimeUpdateRequest,
  valueAt,
} from '@contract/design/realtime';
import { newEditId, RealtimeWriteRefused, type RealtimeDb, type Unsubscribe, type ValueMeta, type WriteOptions, type WriteResult } from './port';
import { openRealtimeLine } from './transport';

interface LocalRealtimeOptions {
  /** The server's origin. */
  url: string;
  /** The bearer token of the signed-in user, read at each (re)connection. */
  token: () => string | null;
  /** Milliseconds an acknowledgement may take before the write counts as not delivered. */
  timeoutMs?: number;
}

/** The write did not reach the store (offline, timeout): it may be retried with the same id. */
export class RealtimeUnreachable extends Error {
  constructor() {
    super('The realtime database cannot be reached');
    this.name = 'RealtimeUnreachable';
  }
}

type Listener = { inner: string[]; callback: (value: unknown, meta: ValueMeta) => void; onRefused: ((message: string, status?: number) => void) | undefined };

export function createLocalRealtime({ url, token, timeoutMs = 10_000 }: LocalRealtimeOptions): RealtimeDb & { close(): void } {
  /** True after the server refused the token (expired): reads go on anonymously. */
  let anonymous = false;
  /** Subscribers by document path, and the last snapshot each document had. */
  const listeners = new Map<string, Set<Listener>>();
  /** The preview key each followed document was opened with. */
  const keys = new Map<string, string>();
  const latest = new Map<string, RealtimeSnapshot>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  const line = openRealtimeLine({
    url,
    auth: () => (!anonymous && token() ? { token: token() } : {}),
    onConnect: () => {
      for (const doc of listeners.keys()) subscribeDocument(doc);
      for (const listener of connectionListeners) listener(true);
    },
  });
  const socket = line.socket;

  const deliver = (snapshot: RealtimeSnapshot) => {
    const known = latest.get(snapshot.path);
    if (known && known.revision > snapshot.revision) return; // an older answer overtaken by a broadcast
    latest.set(snapshot.path, snapshot);
    for (const { inner, callback } of listeners.get(snapshot.path) ?? []) callback(valueAt(snapshot.value, inner), { revision: snapshot.revision });
  };

  const refuse = (doc: string, message: string, status?: number) => {
    for (const { onRefused } of listeners.get(doc) ?? []) onRefused?.(message, status);
  };

  const subscribeDocument = (doc: string) => {
    const key = keys.get(doc);
    const request: RealtimeReadRequest = key ? { path: doc, key } : { path: doc };
    socket.emit(REALTIME_EVENTS.subscribe, request, (ack: RealtimeAck<{ snapshot: RealtimeSnapshot }> & { status?: number }) => {
      if (ack?.ok) deliver(ack.snapshot);
      else if (ack) refuse(doc, ack.message, ack.status);
    });
  };

  socket.on(REALTIME_EVENTS.value, (snapshot: RealtimeSnapshot) => deliver(snapshot));
  socket.on(REALTIME_EVENTS.refused, ({ path, message }: { path: string; message: string }) => refuse(path, message, 403));
  socket.on('disconnect', () => {
    for (const listener of connectionListeners) listener(false);
  });
  // A refused handshake (an expired token) must not leave the portal without live updates.
  socket.on('connect_error', () => {
    // socket.active: a network failure the manager retries by itself; inactive: the server refused.
    if (socket.active || anonymous || !token()) return;
    anonymous = true;
    socket.connect();
  });

  const write = async (updates: Record<string, unknown>, options?: WriteOptions): Promise<WriteResult> => {
    const request: RealtimeUpdateRequest = { editId: options?.editId ?? newEditId(), updates };
    if (!socket.connected) throw new RealtimeUnreachable();
    let ack: RealtimeAck<{ revision: number; duplicate: boolean }>;
    try {
      ack = await socket.timeout(timeoutMs).emitWithAck(REALTIME_EVENTS.update, request);
    } catch {
      throw new RealtimeUnreachable();
    }
    if (!ack.ok && ack.message === REALTIME_MESSAGES.signIn) {
      // Signed in since this socket connected (or signed in again): reconnect with the token and
      // keep the edit; it is not refused for good.
      if (token()) {
        anonymous = false;
        socket.disconnect().connect();
      }
      throw new RealtimeUnreachable();
    }
    if (!ack.ok) throw new RealtimeWriteRefused(ack.message);
    return { revision: ack.revision, duplicate: ack.duplicate };
  };

  return {
    async get(path) {
      const address = designAddress(path);
      if (!address || !socket.connected) return null;
      try {
        const ack: RealtimeAck<{ snapshot: RealtimeSnapshot }> = await socket.timeout(timeoutMs).emitWithAck(REALTIME_EVENTS.get, { path: address.doc });
        return ack.ok ? valueAt(ack.snapshot.value, address.inner) : null;
      } catch {
        return null;
      }
    },
    set: (path, value, options) => write({ [path]: value }, options),
    update: write,
    remove: (path, options) => write({ [path]: null }, options),
    onValue(path, callback, options): Unsubscribe {
      const address = designAddress(path);
      if (!address) {
        // Read failures return null: a path the store does not keep reads as nothing.
        queueMicrotask(() => callback(null, { revision: 0 }));
        return () => {};
      }
      const listener: Listener = { inner: address.inner, callback, onRefused: options?.onRefused };
      if (options?.key) keys.set(address.doc, options.key);
      let set = listeners.get(address.doc);
      if (!set) {
        set = new Set([listener]);
        listeners.set(address.doc, set);
        if (socket.connected) subscribeDocument(address.doc);
      } else {
        const known = latest.get(address.doc);
        if (known) queueMicrotask(() => callback(valueAt(known.value, address.inner), { revision: known.revision }));
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) {
          listeners.delete(address.doc);
          latest.delete(address.doc);
          keys.delete(address.doc);
          if (socket.connected) socket.emit(REALTIME_EVENTS.unsubscribe, { path: address.doc });
        }
      };
    },
    onConnection(callback) {
      connectionListeners.add(callback);
      queueMicrotask(() => callback(socket.connected));
      return () => connectionListeners.delete(callback);
    },
    close: () => line.close(),
  };
}
