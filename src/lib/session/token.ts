import { useSyncExternalStore } from 'react';

/**
 * The session token, kept in localStorage so it survives reloads and is shared by every tab
 * ('storage' events). Only the token: the user is the `me` query (./get-me.ts), in the query cache.
 */
export const SESSION_STORAGE_KEY = 'portal-session';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): behave as signed out
  }
}

/** `{"token": "..."}`; anything else (corrupt, empty, an older shape without a token) is no token. */
function parse(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const { token } = JSON.parse(raw) as { token?: unknown };
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return parse(storage()?.getItem(SESSION_STORAGE_KEY) ?? null);
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setToken(token: string): void {
  storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token }));
  notify();
}

export function clearToken(): void {
  storage()?.removeItem(SESSION_STORAGE_KEY);
  notify();
}

/** Calls `listener` on every change of the token, in this tab or another. */
export function subscribeToToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeToToken, getToken, () => null);
}
