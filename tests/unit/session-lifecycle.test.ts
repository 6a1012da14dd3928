import { QueryClient, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/users/schemas';
import { api, configureAuth } from '@/api/client';
import { createQueryClient } from '@/app/query-client';
import { plansQueryOptions } from '@/features/plans/api/get-plans';
import { superCategoriesQueryOptions } from '@/features/catalog/api/get-super-categories';
import { POST_LOGIN_STEPS, signIn } from '@/app/post-login';
import { meQueryOptions } from '@/lib/session/get-me';
import { NotOnThisDevice } from '@/lib/route-data';
import { endSession, loadSignedInUser } from '@/lib/session/session';
import { getToken, setToken } from '@/lib/session/token';

const user = { id: 1, firstName: 'Ada', lastName: 'Obi', email: 'ada@shop.io' } as User;
const fetchMock = vi.fn<typeof fetch>();

async function seed(queryClient: QueryClient) {
  // The public ones are fetched through their options, as the app does, so they carry their meta.
  await queryClient.prefetchQuery({ ...plansQueryOptions(), queryFn: () => [] });
  await queryClient.prefetchQuery({ ...superCategoriesQueryOptions(), queryFn: () => [] });
  for (const key of [['user', 'me'], ['credit'], ['referrals'], ['shops'], ['notifications', 'count'], ['customer']])
    queryClient.setQueryData(key, { mine: true });
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
  it('signing in removes every per-user query, keeps the public catalogue, sets user and token, counts and fetches open notifications and deletes the invite history', async () => {
    const queryClient = createQueryClient();
    await seed(queryClient);
    signIn(queryClient, { user, token: 'jwt' });
    // The previous user's data is gone; the new user's notifications are on their way.
    expect(keys(queryClient).filter((key) => !key.startsWith('["notifications"'))).toEqual(['["plans"]', '["super-categories"]', '["user","me"]']);
    expect(queryClient.getQueryData(meQueryOptions().queryKey)).toEqual(user);
    expect(getToken()).toBe('jwt');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(calls).toEqual(['GET /v1/portal/notifications/count', 'GET /v1/portal/notifications/list?status=open', 'DELETE /v1/invites-history']);
  });

  it('runs every post-login step and survives a failing one', () => {
    const queryClient = createQueryClient();
    const step = vi.fn();
    POST_LOGIN_STEPS.push(() => Promise.reject(new Error('nope')), step);
    try {
      signIn(queryClient, { user, token: 'jwt' });
      expect(step).toHaveBeenCalledWith({ queryClient, user });
    } finally {
      POST_LOGIN_STEPS.splice(-2, 2);
    }
  });

  it('endSession clears the same data and the session', async () => {
    const queryClient = createQueryClient();
    setToken('jwt');
    await seed(queryClient);
    endSession(queryClient);
    expect(keys(queryClient)).toEqual(['["plans"]', '["super-categories"]']);
    expect(getToken()).toBeNull();
  });

  it('a 401 on a call made with a token ends the session', async () => {
    const queryClient = createQueryClient();
    setToken('jwt');
    await seed(queryClient);
    configureAuth({ token: getToken, onUnauthorized: () => endSession(queryClient) });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Token expired' }), { status: 401 }));
    await expect(api('/user/me')).rejects.toThrow('Token expired');
    expect(getToken()).toBeNull();
    expect(keys(queryClient)).toEqual(['["plans"]', '["super-categories"]']);
  });

  it("a current-user load that gets an answer but fails logs out with 'Error while getting user's account'", async () => {
    const queryClient = createQueryClient();
    setToken('jwt');
    await seed(queryClient);
    queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'Boom' }), { status: 500 }));
    await expect(loadSignedInUser(queryClient)).resolves.toBeNull();
    expect(getToken()).toBeNull();
    expect(keys(queryClient)).toEqual(['["plans"]', '["super-categories"]']);
  });

  it('an offline start keeps the session and the stored user', async () => {
    const queryClient = createQueryClient();
    setToken('jwt');
    queryClient.setQueryData(meQueryOptions().queryKey, user, { updatedAt: 0 });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadSignedInUser(queryClient)).resolves.toEqual(user);
    await queryClient.refetchQueries({ queryKey: meQueryOptions().queryKey });
    expect(getToken()).toBe('jwt');
    expect(queryClient.getQueryData(meQueryOptions().queryKey)).toEqual(user);
  });

  it('offline with a token but no stored user: the guard says this device has nothing to show, and the session stays', async () => {
    const queryClient = createQueryClient();
    setToken('jwt');
    onlineManager.setOnline(false);
    try {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      await expect(loadSignedInUser(queryClient)).rejects.toBeInstanceOf(NotOnThisDevice);
      expect(getToken()).toBe('jwt');
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('with no token there is no signed-in user, whatever the cache holds', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(meQueryOptions().queryKey, user);
    await expect(loadSignedInUser(queryClient)).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
