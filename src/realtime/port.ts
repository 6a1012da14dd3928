/**
 * The realtime database port (spec section 7, "Realtime database paths"). Two adapters implement
 * it: `local` (the server's socket.io, the default) and `firebase` (firebase/database, loaded
 * lazily when VITE_FIREBASE_CONFIG is set); src/realtime/db.ts picks one.
 *
 * - Paths are `/`-separated (contract/design/realtime.ts).
 * - Read failures return null (spec section 7), never throw.
 * - Writes carry an edit id; the store applies an id at most once, so a write may be retried.
 * - A document's revision is the store's counter of applied edits (0: nothing stored).
 */
export type Unsubscribe = () => void;

export interface WriteOptions {
  /** Makes the write idempotent: the store applies this id at most once (default: a new id). */
  editId?: string;
}

export interface WriteResult {
  /** The document's revision after this write (or after its first application). */
  revision: number;
  /** True when the store had already applied this edit id. */
  duplicate: boolean;
}

export interface ValueMeta {
  /** Revision of the document the value was read from (0: nothing stored). */
  revision: number;
}

interface ReadOptions {
  /** The shop's preview key (a QR code's `p`): reads a private design without signing in. */
  key?: string;
  /** The store refused the read, or stopped serving it (the design is private, the key rotated). */
  onRefused?: (message: string, status?: number) => void;
}

export interface RealtimeDb {
  /** The value at `path`, or null when absent or unreadable. */
  get(path: string): Promise<unknown>;
  set(path: string, value: unknown, options?: WriteOptions): Promise<WriteResult>;
  /** Writes every path -> value at once (null removes); all paths lie in one document. */
  update(updates: Record<string, unknown>, options?: WriteOptions): Promise<WriteResult>;
  remove(path: string, options?: WriteOptions): Promise<WriteResult>;
  /** Calls `callback` with the current value, then on every change; null when absent or unreadable. */
  onValue(path: string, callback: (value: unknown, meta: ValueMeta) => void, options?: ReadOptions): Unsubscribe;
  /** Calls `callback` with true/false as the connection to the store comes and goes. */
  onConnection(callback: (connected: boolean) => void): Unsubscribe;
}

/** A refused write (not a lost connection): the edit must not be retried. */
export class RealtimeWriteRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RealtimeWriteRefused';
  }
}

/** A new edit id (URL-safe, 8-64 characters as the store requires). */
export function newEditId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
