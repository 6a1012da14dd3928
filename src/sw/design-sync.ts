/**
 * Background Sync of the design outbox: when the page asked for a sync (it was offline with edits
 * waiting), the browser wakes the worker once the network is back, even with the tab closed, and
 * the worker delivers the waiting edits in order over HTTP (POST /v1/realtime/edits). The server
 * applies an edit id at most once, so the page replaying the same edits meanwhile is harmless.
 */
import { createStore, del, entries } from 'idb-keyval';
import { API_PREFIX } from '@contract/api';
import { byKey, DESIGN_SYNC_TAG, OUTBOX_DB, OUTBOX_STORE, type OutboxEdit } from '@contract/design/outbox';
import { REALTIME_PATHS } from '@contract/design/realtime';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** Refusals for good (bad input, no right): retrying cannot help. A 401 waits for a new sign-in. */
const finalRefusal = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

async function replayDesignOutbox(): Promise<void> {
  const store = createStore(OUTBOX_DB, OUTBOX_STORE);
  for (const [key, edit] of (await entries<string, OutboxEdit>(store)).sort(byKey)) {
    const response = await fetch(`${API_PREFIX}${REALTIME_PATHS.edits}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(edit.token ? { authorization: `Bearer ${edit.token}` } : {}) },
      body: JSON.stringify({ editId: edit.id, updates: edit.updates }),
    });
    if (response.status === 401) return; // kept: the page sends it after the next sign-in
    if (!response.ok && !finalRefusal(response.status)) throw new Error(`Design edit not stored (${response.status}): the browser retries the sync`);
    await del(key, store);
  }
}

export function handleDesignSync(event: Event): void {
  const sync = event as SyncEvent;
  if (sync.tag === DESIGN_SYNC_TAG) sync.waitUntil(replayDesignOutbox());
}
