import { useSyncExternalStore } from 'react';
import type { User } from '@contract/accounts';

/**
 * The signed-in session: {user, token} kept in localStorage so it survives reloads and is shared
 * by every tab ('storage' events). Spec section 6: logged in means a token AND a non-empty user.
 */
export const SESSION_STORAGE_KEY = 'portal-session';

export interface Session {
  user: User | null;
  token: string | null;
  isLoggedIn: boolean;
}

const LOGGED_OUT: Session = { user: null, token: null, isLoggedIn: false };
const listeners = new Set<() => void>();

// useSyncExternalStore needs a stable snapshot: re-parse only when the stored text changes.
let cachedRaw: string | null = null;
let cachedSession: Session = LOGGED_OUT;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): behave as logged out
  }
}

function parse(raw: string | null): Session {
  if (!raw) return LOGGED_OUT;
  try {
    const value = JSON.parse(raw) as { user?: unknown; token?: unknown };
    const user = value.user && typeof value.user === 'object' ? (value.user as User) : null;
    const token = typeof value.token === 'string' && value.token !== '' ? value.token : null;
    return { user, token, isLoggedIn: Boolean(token && user) };
  } catch {
    return LOGGED_OUT;
  }
}

export function getSession(): Session {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setSession(next: { user: User; token: string }): void {
  storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: next.user, token: next.token }));
  notify();
}

export function clearSession(): void {
  storage()?.removeItem(SESSION_STORAGE_KEY);
  notify();
}

/** Calls `listener` on every change of the session, in this tab or another. */
export function subscribeToSession(listener: () => void): () => void {
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

export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, getSession, () => LOGGED_OUT);
}
