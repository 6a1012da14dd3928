import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/accounts';
import { api, configureAuth } from '@/api/client';
import { createQueryClient } from '@/app/query-client';
import { plansQueryOptions } from '@/features/plans/api/get-plans';
import { superCategoriesQueryOptions } from '@/features/catalog/api/get-super-categories';
import { POST_LOGIN_STEPS, endSession, startSession } from '@/features/auth/session-lifecycle';
import { getSession, setSession } from '@/features/auth/session';

const user = { id: 1, firstName: 'Ada', lastName: 'Obi', email: 'ada@shop.io' } as User;
const fetchMock = vi.fn<typeof fetch>();

async function seed(queryClient: QueryClient) {
  // The public ones are fetched through their options, as the app does, so they carry their meta.
  await queryClient.prefetchQuery({ ...plansQueryOptions(), queryFn: () => [] });
  await queryClient.prefetchQuery({ ...superCategoriesQueryOptions(), queryFn: () => [] });
  for (const key of [['user', 'me'], ['credit'], ['referrals'], ['shops'], ['notifications', 'count'], ['customer']]) queryClient.setQueryData(key, { mine: true });
}

function keys(queryClient: QueryClient): string[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .map((query) => JSON.stringify(query.queryKey))
    .sort();
}

beforeEach(() => {
  fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ message: 'ok', data: { deleted: 0 } }), { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  configureAuth({ token: () => null, onUnauthorized: () => {} });
});

describe('session lifecycle (spec section 4)', () => {
  it('startSession removes every per-user query, keeps the public catalogue, sets the session and deletes the invite history', async () => {
    const queryClient = createQueryClient();
    await seed(queryClient);
    startSession(queryClient, { user, token: 'jwt' });
    expect(keys(queryClient)).toEqual(['["plans"]', '["super-categories"]']);
    expect(getSession()).toMatchObject({ isLoggedIn: true, token: 'jwt', user: { firstName: 'Ada' } });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/v1/invites-history');
    expect(init?.method).toBe('DELETE');
  });

  it('runs every post-login step and survives a failing one', () => {
    const queryClient = createQueryClient();
    const step = vi.fn();
    POST_LOGIN_STEPS.push(() => Promise.reject(new Error('nope')), step);
    try {
      startSession(queryClient, { user, token: 'jwt' });
      expect(step).toHaveBeenCalledWith({ queryClient, user });
    } finally {
      POST_LOGIN_STEPS.splice(-2, 2);
    }
  });

  it('endSession clears the same data and the session', async () => {
    const queryClient = createQueryClient();
    setSession({ user, token: 'jwt' });
    await seed(queryClient);
    endSession(queryClient);
    expect(keys(queryClient)).toEqual(['["plans"]', '["super-categories"]']);
    expect(getSession().isLoggedIn).toBe(false);
  });

  it('a 401 on a call made with a token ends the session', async () => {
    const queryClient = createQueryClient();
    setSession({ user, token: 'jwt' });
    await seed(queryClient);
    configureAuth({ token: () => getSession().token, onUnauthorized: () => endSession(queryClient) });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Token expired' }), { status: 401 }));
    await expect(api('/v1/user/me')).rejects.toThrow('Token expired');
    expect(getSession().isLoggedIn).toBe(false);
    expect(keys(queryClient)).toEqual(['["plans"]', '["super-categories"]']);
  });
});
