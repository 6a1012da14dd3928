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

/** The persister, and `flush`: writes the latest snapshot at once (the persister waits up to a second). */
export interface FlushablePersister extends Persister {
  flush(): void;
}

function createPersister(storage: Storage | undefined): FlushablePersister {
  const persister = createSyncStoragePersister({ storage, key: PERSIST_STORAGE_KEY, serialize });
  let latest: PersistedClient | null = null;
  return {
    ...persister,
    persistClient: (client) => {
      latest = client;
      return persister.persistClient(client);
    },
    flush: () => {
      if (!latest || !storage) return;
      try {
        storage.setItem(PERSIST_STORAGE_KEY, serialize(latest));
      } catch {
        // Storage full or disabled: nothing is kept, as with the persister's own writes.
      }
      latest = null;
    },
  };
}

export function createPersistOptions(storage: Storage | undefined): Omit<PersistQueryClientOptions, 'queryClient' | 'persister'> & { persister: FlushablePersister } {
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
