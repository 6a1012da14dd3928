/**
 * The portal's one design outbox, wired to the realtime database: it replays on start, when the
 * connection comes back, when the browser goes online, and asks the service worker for a
 * Background Sync (src/sw/design-sync.ts) where the browser has it.
 */
import { DESIGN_SYNC_TAG } from '@contract/design/outbox';
import { getToken } from '@/lib/session/token';
import { holdUnsavedWork } from '@/lib/unsaved-work';
import { realtimeDb } from '@/realtime/db';
import { createOutbox, type Outbox, type OutboxEdit } from './outbox';

type Delivered = (edit: OutboxEdit, revision: number) => void;
type Refused = (edit: OutboxEdit, message: string) => void;

const deliveredListeners = new Set<Delivered>();
const refusedListeners = new Set<Refused>();
let outbox: Outbox | null = null;

async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(DESIGN_SYNC_TAG);
  } catch {
    // No Background Sync here: the page replays on reconnect and on start instead.
  }
}

export function designOutbox(): Outbox {
  if (outbox) return outbox;
  const created = createOutbox({
    db: realtimeDb,
    token: getToken,
    onDelivered: (edit, revision) => deliveredListeners.forEach((listener) => listener(edit, revision)),
    onRefused: (edit, message) => refusedListeners.forEach((listener) => listener(edit, message)),
  });
  outbox = created;
  void realtimeDb().then((db) =>
    db.onConnection((connected) => {
      if (connected) void created.flush();
    }),
  );
  window.addEventListener('online', () => void created.flush());
  // Waiting edits hold the update prompt's reload on every page, not only in the editor.
  let release: (() => void) | null = null;
  created.subscribe((count) => {
    if (count > 0 && !release) release = holdUnsavedWork();
    if (count === 0 && release) {
      release();
      release = null;
    }
    if (count > 0 && !navigator.onLine) void requestBackgroundSync();
  });
  void created.flush();
  return created;
}

export function onEditDelivered(listener: Delivered): () => void {
  deliveredListeners.add(listener);
  return () => deliveredListeners.delete(listener);
}

export function onEditRefused(listener: Refused): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}
