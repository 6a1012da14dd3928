import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnanswered } from '@/api/client';
import { CURRENT_USER_LOAD_FAILED } from '@/lib/session/get-me';
import { endSession } from '@/lib/session/session';
import { getToken } from '@/lib/session/token';
import { toast } from '@/lib/toast';

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
  state: { status: string; data?: unknown; error?: unknown };
  meta?: Record<string, unknown> | undefined;
}

/** An answer that came back (status 0 is no answer at all: offline, and the session stays). */
function isAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.status !== 0;
}

/**
 * The data the server last gave is written to localStorage, unless the query opted out. Tokens
 * live in the session store, never in the query cache; payment and other secret data set
 * `meta.persist: false`. A refetch that got no answer (offline) says nothing new, so its query
 * keeps its last data on the device; an answered failure (gone, forbidden) drops it.
 */
export function shouldPersistQuery(query: PersistableQuery): boolean {
  if (query.meta?.persist === false) return false;
  if (query.state.status === 'success') return true;
  return query.state.status === 'error' && query.state.data !== undefined && isUnanswered(query.state.error);
}

/** A persisted query's state as the next start restores it: its last data, not its failed refetch. */
export function asLastData<State extends { status: string }>(state: State): State {
  return state.status === 'error' ? ({ ...state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } as State) : state;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Spec section 4 "Current-user load failure: the user is logged out." A 401 has already
        // ended the session (src/main.tsx) with its own message.
        if (!query.meta?.endsSessionOnError || !isAnswered(error) || !getToken()) return;
        endSession(queryClient);
        toast(CURRENT_USER_LOAD_FAILED, { variant: 'error' });
      },
    }),
    // Every failed mutation says why, here and only here, unless it shows the error itself.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast === false) return;
        toast(error.message, { variant: 'error' });
      },
    }),
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
  return queryClient;
}
