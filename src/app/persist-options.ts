/**
 * The persisted query cache's options. Its own module, imported by src/main.tsx on start (with
 * the persist client) rather than statically: the two libraries are not in the initial JS.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { PERSIST_MAX_AGE_MS, PERSIST_STORAGE_KEY, asLastData, shouldPersistQuery } from './query-client';

/** What is written: each query as its last data (a refetch that failed offline is not restored as an error). */
function serialize(client: PersistedClient): string {
  const queries = client.clientState.queries.map((query) => ({ ...query, state: asLastData(query.state) }));
  return JSON.stringify({ ...client, clientState: { ...client.clientState, queries } });
}

/** The persister, and `flush`: writes what is still unsaved at once. */
interface FlushablePersister extends Persister {
  flush(): void;
}

/** The persister's own pace: at most one write a second (each is the whole cache). */
const WRITE_EVERY_MS = 1000;

/** The sync storage persister's reading and removal, with writes that can also be made at once. */
function createPersister(storage: Storage | undefined): FlushablePersister {
  const persister = createSyncStoragePersister({ storage, key: PERSIST_STORAGE_KEY, serialize });
  let unsaved: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    const client = unsaved;
    unsaved = null;
    if (!client || !storage) return;
    try {
      storage.setItem(PERSIST_STORAGE_KEY, serialize(client));
    } catch {
      // Storage full or disabled: nothing is kept.
    }
  };
  return {
    ...persister,
    persistClient: (client) => {
      unsaved = client;
      timer ??= setTimeout(save, WRITE_EVERY_MS);
    },
    flush: save,
  };
}

export function createPersistOptions(
  storage: Storage | undefined,
): Omit<PersistQueryClientOptions, 'queryClient' | 'persister'> & { persister: FlushablePersister } {
  return {
    persister: createPersister(storage),
    // A new deploy discards the old cache: shapes may have changed.
    buster: __BUILD_ID__,
    maxAge: PERSIST_MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: shouldPersistQuery,
      // Mutations are never persisted: their variables can hold passwords or card data.
      shouldDehydrateMutation: () => false,
    },
  };
}
