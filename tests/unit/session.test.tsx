import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { User } from '@contract/users/schemas';
import { createQueryClient } from '@/app/query-client';
import { meQueryOptions } from '@/lib/session/get-me';
import { isLoggedIn, useSession } from '@/lib/session/session';
import { SESSION_STORAGE_KEY, clearToken, getToken, setToken } from '@/lib/session/token';

const user = { id: 1, firstName: 'Ada', lastName: 'Obi', email: 'ada@shop.io' } as User;

describe('session token store', () => {
  it('keeps the token only', () => {
    setToken('jwt');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({ token: 'jwt' });
    expect(getToken()).toBe('jwt');
    clearToken();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('reads an empty or corrupt store as no token, and an older {user, token} by its token', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(getToken()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: '' }));
    expect(getToken()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user, token: 'old' }));
    expect(getToken()).toBe('old');
  });
});

describe('logged in (spec section 6: a token and a non-empty user)', () => {
  it.each([
    ['jwt', user, true],
    [null, user, false],
    ['', user, false],
    ['jwt', null, false],
    ['jwt', undefined, false],
    ['jwt', {} as User, false],
  ])('token %j and user %j -> %s', (token, candidate, expected) => {
    expect(isLoggedIn(token, candidate)).toBe(expected);
  });
});

describe('useSession', () => {
  it('is the stored token and the cached user, and follows both, in this tab and another', async () => {
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    queryClient.setQueryData(meQueryOptions().queryKey, user);
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current).toEqual({ token: null, user: null, isLoggedIn: false });

    act(() => setToken('jwt'));
    expect(result.current).toEqual({ token: 'jwt', user, isLoggedIn: true });
    act(() => queryClient.setQueryData(meQueryOptions().queryKey, { ...user, firstName: 'Adaeze' }));
    await waitFor(() => expect(result.current.user?.firstName).toBe('Adaeze'));

    act(() => clearToken());
    expect(result.current.isLoggedIn).toBe(false);

    act(() => {
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 'other-tab' }));
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    });
    await waitFor(() => expect(result.current.token).toBe('other-tab'));
  });
});
