import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@contract/accounts';
import { SESSION_STORAGE_KEY, clearSession, getSession, setSession, useSession } from '@/features/auth/session';

const user = { id: 1, firstName: 'Ada', lastName: 'Obi', email: 'ada@shop.io' } as User;

describe('session store', () => {
  it('is logged out with nothing stored', () => {
    expect(getSession()).toMatchObject({ user: null, token: null, isLoggedIn: false });
  });

  it('is logged in only with both a token and a user', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: null, token: 'jwt' }));
    expect(getSession().isLoggedIn).toBe(false);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user, token: '' }));
    expect(getSession().isLoggedIn).toBe(false);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user, token: 'jwt' }));
    expect(getSession()).toMatchObject({ user, token: 'jwt', isLoggedIn: true });
  });

  it('treats corrupt storage as logged out', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(getSession().isLoggedIn).toBe(false);
  });

  it('returns the same snapshot until the stored value changes', () => {
    setSession({ user, token: 'jwt' });
    expect(getSession()).toBe(getSession());
  });

  it('notifies subscribers on set and clear, and on other tabs via storage events', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.isLoggedIn).toBe(false);
    act(() => setSession({ user, token: 'jwt' }));
    expect(result.current).toMatchObject({ isLoggedIn: true, token: 'jwt' });
    act(() => clearSession());
    expect(result.current.isLoggedIn).toBe(false);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    act(() => {
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user, token: 'other-tab' }));
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    });
    expect(result.current.token).toBe('other-tab');
  });
});
