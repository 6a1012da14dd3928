/**
 * The persisted query cache's options. Its own module, imported by src/main.tsx on start (with
 * the persist client) rather than statically: the two libraries are not in the initial JS.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { PERSIST_MAX_AGE_MS, PERSIST_STORAGE_KEY, shouldPersistQuery } from './query-client';

export function createPersistOptions(storage: Storage | undefined): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({ storage, key: PERSIST_STORAGE_KEY }),
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
