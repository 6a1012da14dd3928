import { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { ApiError } from '@/api/client';

declare module '@tanstack/react-query' {
  interface Register {
    /** `persist: false` keeps a query out of localStorage (anything user-secret or payment related). */
    queryMeta: {
      persist?: boolean;
      /**
       * `public: true` marks catalogue data that is the same for every visitor (plans,
       * super-categories): it survives login and logout; every other query is per-user and is
       * removed when a session starts or ends (src/features/auth/session-lifecycle.ts).
       */
      public?: boolean;
    };
  }
}

/** Spec section 3: "State is persisted locally under a production key". */
export const PERSIST_STORAGE_KEY = 'portal-production';
const DAY_MS = 24 * 60 * 60 * 1000;
export const PERSIST_MAX_AGE_MS = 7 * DAY_MS;
const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network failures and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The part of a cached query the persist decision reads (structural: the persister has its own query-core copy). */
interface PersistableQuery {
  state: { status: string };
  meta?: Record<string, unknown> | undefined;
}

/**
 * Only successful queries that did not opt out are written to localStorage. Tokens live in the
 * session store, never in the query cache; payment and other secret data set `meta.persist: false`.
 */
export function shouldPersistQuery(query: PersistableQuery): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Must outlive the persisted cache, or restored entries are collected straight away.
        gcTime: PERSIST_MAX_AGE_MS,
        retry: shouldRetry,
        // The service worker may answer offline, so try the request before pausing.
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}

export function createPersistOptions(storage: Storage | undefined): PersistQueryClientProviderProps['persistOptions'] {
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
