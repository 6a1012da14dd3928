import { describe, expect, it } from 'vitest';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { ApiError } from '@/api/client';
import { createPersistOptions } from '@/app/persist-options';
import { PERSIST_MAX_AGE_MS, PERSIST_STORAGE_KEY, createQueryClient, shouldPersistQuery, shouldRetry } from '@/app/query-client';

describe('shouldRetry', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetry(0, new ApiError('no', status))).toBe(false);
  });
  it('retries network failures and 5xx twice', () => {
    expect(shouldRetry(0, new ApiError('offline', 0))).toBe(true);
    expect(shouldRetry(1, new ApiError('down', 503))).toBe(true);
    expect(shouldRetry(2, new ApiError('down', 503))).toBe(false);
    expect(shouldRetry(0, new TypeError('boom'))).toBe(true);
  });
});

describe('persisted cache', () => {
  it('persists the data the server last gave, unless the query opted out', () => {
    expect(shouldPersistQuery({ state: { status: 'success' } })).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'success' }, meta: { persist: true } })).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'success' }, meta: { persist: false } })).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'error' } })).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'pending' } })).toBe(false);
    // A refetch that got no answer (offline) keeps the last data; an answered failure drops it.
    expect(shouldPersistQuery({ state: { status: 'error', data: { id: 1 }, error: new ApiError('offline', 0) } })).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'error', data: { id: 1 }, error: new ApiError('offline', 0) }, meta: { persist: false } })).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'error', data: { id: 1 }, error: new ApiError('Not found', 404) } })).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'error', error: new ApiError('offline', 0) } })).toBe(false);
  });

  it('writes a query whose refetch failed offline as its last data, and restores it so', async () => {
    const client = createQueryClient();
    client.setQueryData(['user', 'me'], { id: 1, firstName: 'Ada' });
    await client
      .fetchQuery({ queryKey: ['user', 'me'], queryFn: () => Promise.reject(new ApiError('offline', 0)), retry: false, staleTime: 0 })
      .catch(() => undefined);
    expect(client.getQueryState(['user', 'me'])?.status).toBe('error');
    const { persister, buster, dehydrateOptions } = createPersistOptions(localStorage);
    await persistQueryClientSave({ queryClient: client as never, persister, buster, dehydrateOptions });
    // Leaving the page writes at once (the persister itself waits up to a second).
    persister.flush();
    const restored = createQueryClient();
    await persistQueryClientRestore({ queryClient: restored as never, persister, buster });
    expect(restored.getQueryData(['user', 'me'])).toEqual({ id: 1, firstName: 'Ada' });
    expect(restored.getQueryState(['user', 'me'])).toMatchObject({ status: 'success', error: null, fetchFailureCount: 0 });
    // Written once: a second flush with nothing new writes nothing.
    localStorage.removeItem(PERSIST_STORAGE_KEY);
    persister.flush();
    expect(localStorage.getItem(PERSIST_STORAGE_KEY)).toBeNull();
  });

  it('restores nothing another build wrote, and never writes mutations', async () => {
    const client = createQueryClient();
    client.setQueryData(['plans'], [{ id: 1 }]);
    const { persister, dehydrateOptions, buster } = createPersistOptions(localStorage);
    await persistQueryClientSave({ queryClient: client as never, persister, buster: 'an-older-build', dehydrateOptions });
    persister.flush();
    expect(localStorage.getItem(PERSIST_STORAGE_KEY)).toContain('an-older-build');
    const restored = createQueryClient();
    await persistQueryClientRestore({ queryClient: restored as never, persister, buster });
    expect(restored.getQueryData(['plans'])).toBeUndefined();
    expect(dehydrateOptions?.shouldDehydrateMutation?.({} as never)).toBe(false);
  });

  it('writes a secret-free snapshot under the production key', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['plans'], queryFn: () => [{ id: 1, planCode: 'basic' }] });
    await client.prefetchQuery({ queryKey: ['payment-session'], queryFn: () => ({ clientSecret: 'pi_secret' }), meta: { persist: false } });
    await client.prefetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new ApiError('nope', 404)) });
    const { persister, buster, dehydrateOptions } = createPersistOptions(localStorage);
    // The persister carries its own query-core copy: the client is the same object at runtime.
    await persistQueryClientSave({ queryClient: client as never, persister, buster, dehydrateOptions });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the sync persister throttles writes by 1 s
    const stored = JSON.parse(localStorage.getItem(PERSIST_STORAGE_KEY) ?? 'null') as {
      buster: string;
      clientState: { queries: { queryKey: unknown[] }[]; mutations: unknown[] };
    };
    expect(stored.buster).toBe('test');
    expect(stored.clientState.queries.map((query) => query.queryKey)).toEqual([['plans']]);
    expect(stored.clientState.mutations).toEqual([]);
  });

  it('keeps cached data as long as the persisted copy lives', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.gcTime).toBe(PERSIST_MAX_AGE_MS);
    expect(defaults?.networkMode).toBe('offlineFirst');
  });
});
