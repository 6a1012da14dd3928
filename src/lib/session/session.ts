import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AuthResult } from '@contract/auth/schemas';
import type { User } from '@contract/users/schemas';
import { isUnanswered } from '@/api/client';
import { NotOnThisDevice, ensureRouteData } from '@/lib/route-data';
import { meQueryOptions } from './get-me';
import { clearToken, getToken, setToken, useToken } from './token';

/** Spec section 6: logged in means a token AND a non-empty user. */
export function isLoggedIn(token: string | null, user: User | null | undefined): user is User {
  return Boolean(token) && typeof user === 'object' && user !== null && Object.keys(user).length > 0;
}

export interface Session {
  token: string | null;
  /** The signed-in user, or null when not logged in. */
  user: User | null;
  isLoggedIn: boolean;
}

/**
 * The session as components see it: the token from its store, the user from the `me` query. While
 * a token is held the query keeps the profile fresh (spec section 4 Startup: the profile is loaded).
 */
export function useSession(): Session {
  const token = useToken();
  const { data } = useQuery({ ...meQueryOptions(), enabled: token !== null });
  return isLoggedIn(token, data) ? { token, user: data, isLoggedIn: true } : { token, user: null, isLoggedIn: false };
}

/**
 * Spec section 4 "Login or registration" and "Logout": every query not marked `meta.public`
 * (catalogue data such as plans and super-categories) is per-user data and is removed; the
 * persisted cache follows the query cache, so it goes too.
 */
export function resetUserData(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ predicate: (query) => query.meta?.public !== true });
  queryClient.removeQueries({ predicate: (query) => query.meta?.public !== true });
}

/** Login or registration: the previous user's data goes, then the new user and token are set. */
export function startSession(queryClient: QueryClient, { user, token }: AuthResult): void {
  resetUserData(queryClient);
  queryClient.setQueryData(meQueryOptions().queryKey, user);
  setToken(token);
}

export function endSession(queryClient: QueryClient): void {
  resetUserData(queryClient);
  clearToken();
}

/**
 * The signed-in user for a private page's guard, from the cache when it is there (a persisted
 * one included), else from the server; null when not logged in. A failure that got an answer
 * has ended the session (src/app/query-client.ts), so it is null too; being offline with no
 * stored user is an error the page shows.
 */
export async function loadSignedInUser(queryClient: QueryClient): Promise<User | null> {
  if (!getToken()) return null;
  try {
    const user = await ensureRouteData(queryClient, meQueryOptions());
    return isLoggedIn(getToken(), user) ? user : null;
  } catch (error) {
    if (error instanceof NotOnThisDevice || isUnanswered(error)) throw error;
    return null;
  }
}
