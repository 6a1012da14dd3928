/**
 * The design outbox's storage, shared by the page (src/features/design/outbox.ts) and the
 * service worker's Background Sync (src/sw/design-sync.ts): one IndexedDB database and store,
 * keys that sort in the order edits were made.
 */
export const OUTBOX_DB = 'shopapp-design-outbox';
export const OUTBOX_STORE = 'edits';
export const DESIGN_SYNC_TAG = 'design-outbox';

export interface OutboxEdit {
  id: string;
  /** Full realtime paths -> values (null removes). */
  updates: Record<string, unknown>;
  createdAt: number;
  /** The session token when the edit was made: the service worker sends with it (it has no page). */
  token?: string | null;
}

export function byKey<T>([a]: [string, T], [b]: [string, T]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
