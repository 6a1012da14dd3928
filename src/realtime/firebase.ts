/**
 * The `firebase` adapter: Firebase Realtime Database (firebase/database), loaded lazily by
 * src/realtime/db.ts when VITE_FIREBASE_CONFIG is set. Proven against a local server that speaks
 * the protocol (tests/server/realtime-firebase.test.ts, firebase-server from npm).
 *
 * Edit ids and revisions: every write is one transaction on its document, which skips an edit id
 * the document already applied (the last EDIT_MEMORY ids are kept in `editIds`) and counts
 * `revision`; both live beside {isDefault, version, data} and are not part of the value read.
 * Security rules on the Firebase project decide who may write (the collaborators issue).
 */
import { type FirebaseApp, initializeApp } from 'firebase/app';
import { connectDatabaseEmulator, type Database, get, getDatabase, onValue, ref, runTransaction } from 'firebase/database';
import { designAddress, REALTIME_MESSAGES, valueAt, withValuesAt } from '@contract/realtime/paths';
import { newEditId, RealtimeWriteRefused, type RealtimeDb, type ValueMeta, type WriteResult } from './port';

const EDIT_MEMORY = 500;

interface StoredNode {
  revision?: number;
  editIds?: Record<string, number>;
  [key: string]: unknown;
}

/** The document's value as readers see it (without the adapter's bookkeeping). */
function visible(node: StoredNode | null): { value: unknown; revision: number } {
  if (!node) return { value: null, revision: 0 };
  const { revision = 0, editIds, ...value } = node;
  void editIds;
  return { value: Object.keys(value).length ? value : null, revision };
}

export interface FirebaseRealtimeOptions {
  /** Connects to a local protocol server instead (tests, `host:port`). */
  emulator?: { host: string; port: number };
  /** A name for the Firebase app (two adapters in one process need two names). */
  appName?: string;
}

export function createFirebaseRealtime(config: Record<string, string>, options: FirebaseRealtimeOptions = {}): RealtimeDb & { app: FirebaseApp; database: Database } {
  const app = initializeApp(config, options.appName);
  const database = getDatabase(app);
  if (options.emulator) connectDatabaseEmulator(database, options.emulator.host, options.emulator.port);

  // A transaction starts from the client's copy of its document: keeping the documents it writes
  // watched saves the round trip that corrects a missing copy.
  const watched = new Set<string>();
  const write = async (updates: Record<string, unknown>, editId = newEditId()): Promise<WriteResult> => {
    const entries = Object.entries(updates);
    const first = entries[0] ? designAddress(entries[0][0]) : null;
    if (!first) throw new RealtimeWriteRefused(REALTIME_MESSAGES.notWritable);
    const targets = entries.map(([path, value]) => ({ address: designAddress(path), value }));
    if (targets.some(({ address }) => address?.doc !== first.doc)) throw new RealtimeWriteRefused(REALTIME_MESSAGES.oneDocument);
    if (!watched.has(first.doc)) {
      watched.add(first.doc);
      onValue(ref(database, first.doc), () => {});
    }
    let duplicateAt: number | null = null;
    const result = await runTransaction(ref(database, first.doc), (current: StoredNode | null) => {
      const known = current?.editIds?.[editId];
      if (known !== undefined) {
        duplicateAt = known;
        return undefined; // abort: applied before
      }
      duplicateAt = null;
      const { value } = visible(current);
      const next = withValuesAt(
        value ?? { isDefault: true, version: first.version, data: {} },
        targets.map(({ address, value: written }) => [address?.inner ?? [], written] as const),
      );
      const revision = (current?.revision ?? 0) + 1;
      const editIds = Object.fromEntries(Object.entries(current?.editIds ?? {}).filter(([, at]) => at > revision - EDIT_MEMORY));
      return { ...(next as object), revision, editIds: { ...editIds, [editId]: revision } };
    });
    if (!result.committed) return { revision: duplicateAt ?? visible(result.snapshot.val() as StoredNode | null).revision, duplicate: true };
    return { revision: visible(result.snapshot.val() as StoredNode | null).revision, duplicate: false };
  };

  return {
    app,
    database,
    async get(path) {
      const address = designAddress(path);
      if (!address) return null;
      try {
        const snapshot = await get(ref(database, address.doc));
        return valueAt(visible(snapshot.val() as StoredNode | null).value, address.inner);
      } catch {
        return null;
      }
    },
    set: (path, value, options) => write({ [path]: value }, options?.editId),
    update: (updates, options) => write(updates, options?.editId),
    remove: (path, options) => write({ [path]: null }, options?.editId),
    // The preview key is the local store's: with Firebase, database.rules.json decides who reads.
    onValue(path, callback: (value: unknown, meta: ValueMeta) => void, options) {
      const address = designAddress(path);
      if (!address) {
        queueMicrotask(() => callback(null, { revision: 0 }));
        return () => {};
      }
      return onValue(
        ref(database, address.doc),
        (snapshot) => {
          const { value, revision } = visible(snapshot.val() as StoredNode | null);
          callback(valueAt(value, address.inner), { revision });
        },
        (error) => {
          callback(null, { revision: 0 });
          options?.onRefused?.(error.message);
        },
      );
    },
    onConnection(callback) {
      return onValue(ref(database, '.info/connected'), (snapshot) => callback(snapshot.val() === true));
    },
  };
}
