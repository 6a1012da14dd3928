/**
 * The `firebase` adapter: Firebase Realtime Database (firebase/database), loaded lazily by
 * src/realtime/db.ts when VITE_FIREBASE_CONFIG is set. Proven against a local server that speaks
 * the protocol (tests/server/realtime-firebase.test.ts, firebase-server from npm).
 *
 * Edit ids and revisions: every write is one transaction on its document, which skips an edit id
 * the document already applied (the last EDIT_MEMORY ids are kept in `editIds`), counts
 * `revision` and names its writer (`editedBy`); they live beside {isDefault, version, data} and
 * are not part of the value read (contract/design/firebase-doc.ts).
 *
 * Rights: database.rules.json (deployed with the project) lets a user read and write what the
 * server's `access/{alias}` node allows (server/src/modules/design/firebase-mirror.ts). The
 * adapter signs in with a custom token from the portal's server before its first read or write,
 * and again when the portal session changes or a preview key comes along; a write the rules
 * refuse is a RealtimeWriteRefused (not retried).
 */
import { type FirebaseApp, initializeApp } from 'firebase/app';
import { type Auth, connectAuthEmulator, getAuth, signInWithCustomToken, signOut } from 'firebase/auth';
import { connectDatabaseEmulator, type Database, get, getDatabase, onValue, ref, runTransaction } from 'firebase/database';
import { type StoredDocument, visibleDocument } from '@contract/design/firebase-doc';
import { designAddress, REALTIME_MESSAGES, valueAt, withValuesAt } from '@contract/design/realtime';
import { newEditId, RealtimeWriteRefused, type RealtimeDb, type Unsubscribe, type ValueMeta, type WriteResult } from './port';

const EDIT_MEMORY = 500;

/** A shop's preview key (a QR code's `p`), for reads of a private design without signing in. */
export interface PreviewGrant {
  alias: string;
  key: string;
}

interface FirebaseRealtimeOptions {
  /** Connects to a local protocol server instead (tests, `host:port`). */
  emulator?: { host: string; port: number };
  /** Connects Firebase Auth to a local emulator instead (tests, `http://host:port`). */
  authEmulator?: string;
  /** A name for the Firebase app (two adapters in one process need two names). */
  appName?: string;
  /**
   * Signing in: `session()` names the portal session (null: signed out), `customToken` asks the
   * portal's server for a token for it (null: stay signed out). Without them the adapter does not sign in.
   */
  signIn?: { session: () => string | null; customToken: (preview: PreviewGrant | null) => Promise<string | null> };
}

const isPermissionDenied = (error: unknown) =>
  /permission[_ ]denied/i.test(String((error as { code?: unknown })?.code ?? '') + String((error as Error)?.message ?? ''));

/** Signs `auth` in as the portal session and preview grant of the moment, once per change. */
function createSignIn(auth: Auth, options: NonNullable<FirebaseRealtimeOptions['signIn']>) {
  let preview: PreviewGrant | null = null;
  let done: { identity: string; signedIn: Promise<void> } | null = null;
  return (grant?: PreviewGrant): Promise<void> => {
    if (grant) preview = grant;
    const session = options.session();
    const identity = JSON.stringify([session, preview]);
    if (done?.identity === identity) return done.signedIn;
    const signedIn = (async () => {
      const token = session || preview ? await options.customToken(preview) : null;
      if (token) await signInWithCustomToken(auth, token);
      else if (auth.currentUser) await signOut(auth);
    })();
    done = { identity, signedIn };
    // A failed sign-in (offline, say) is tried again by the next call.
    signedIn.catch(() => {
      if (done?.signedIn === signedIn) done = null;
    });
    return signedIn;
  };
}

export function createFirebaseRealtime(
  config: Record<string, string>,
  options: FirebaseRealtimeOptions = {},
): RealtimeDb & { app: FirebaseApp; database: Database } {
  const app = initializeApp(config, options.appName);
  let ready: (grant?: PreviewGrant) => Promise<void> = () => Promise.resolve();
  let auth: Auth | null = null;
  if (options.signIn) {
    auth = getAuth(app);
    if (options.authEmulator) connectAuthEmulator(auth, options.authEmulator, { disableWarnings: true });
    ready = createSignIn(auth, options.signIn);
  }
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
    await ready();
    if (!watched.has(first.doc)) {
      watched.add(first.doc);
      onValue(ref(database, first.doc), () => {});
    }
    let duplicateAt: number | null = null;
    const transaction = runTransaction(ref(database, first.doc), (current: StoredDocument | null) => {
      const known = current?.editIds?.[editId];
      if (known !== undefined) {
        duplicateAt = known;
        return undefined; // abort: applied before
      }
      duplicateAt = null;
      const { value } = visibleDocument(current);
      const next = withValuesAt(
        value ?? { isDefault: true, version: first.version, data: {} },
        targets.map(({ address, value: written }) => [address?.inner ?? [], written] as const),
      );
      const revision = (current?.revision ?? 0) + 1;
      const editIds = Object.fromEntries(Object.entries(current?.editIds ?? {}).filter(([, at]) => at > revision - EDIT_MEMORY));
      const editedBy = auth?.currentUser?.uid;
      return { ...(next as object), revision, editIds: { ...editIds, [editId]: revision }, ...(editedBy ? { editedBy } : {}) };
    });
    const result = await transaction.catch((error: unknown) => {
      throw isPermissionDenied(error) ? new RealtimeWriteRefused(REALTIME_MESSAGES.forbidden) : error;
    });
    if (!result.committed) return { revision: duplicateAt ?? visibleDocument(result.snapshot.val() as StoredDocument | null).revision, duplicate: true };
    return { revision: visibleDocument(result.snapshot.val() as StoredDocument | null).revision, duplicate: false };
  };

  return {
    app,
    database,
    async get(path) {
      const address = designAddress(path);
      if (!address) return null;
      try {
        await ready();
        const snapshot = await get(ref(database, address.doc));
        return valueAt(visibleDocument(snapshot.val() as StoredDocument | null).value, address.inner);
      } catch {
        return null;
      }
    },
    set: (path, value, options) => write({ [path]: value }, options?.editId),
    update: (updates, options) => write(updates, options?.editId),
    remove: (path, options) => write({ [path]: null }, options?.editId),
    // A preview key signs in with the shop's preview claim first (database.rules.json reads it).
    onValue(path, callback: (value: unknown, meta: ValueMeta) => void, readOptions) {
      const address = designAddress(path);
      if (!address) {
        queueMicrotask(() => callback(null, { revision: 0 }));
        return () => {};
      }
      let stop: Unsubscribe | null = null;
      let stopped = false;
      const listen = () => {
        if (stopped) return;
        stop = onValue(
          ref(database, address.doc),
          (snapshot) => {
            const { value, revision } = visibleDocument(snapshot.val() as StoredDocument | null);
            callback(valueAt(value, address.inner), { revision });
          },
          (error) => {
            callback(null, { revision: 0 });
            readOptions?.onRefused?.(error.message);
          },
        );
      };
      // Signed in or not, it listens: a public design needs no sign-in, and a refusal is reported.
      void ready(readOptions?.key ? { alias: address.alias, key: readOptions.key } : undefined).then(listen, listen);
      return () => {
        stopped = true;
        stop?.();
      };
    },
    onConnection(callback) {
      return onValue(ref(database, '.info/connected'), (snapshot) => callback(snapshot.val() === true));
    },
  };
}
