import { queryOptions } from '@tanstack/react-query';
import type { User } from '@contract/users/schemas';
import { api } from '@/api/client';
import { USER_PATHS } from '@contract/users/paths';

/** Spec section 8: the text a failed current-user load shows (and the session ends). */
export const CURRENT_USER_LOAD_FAILED = "Error while getting user's account";

/** GET /v1/user/me: the signed-in user's profile (spec section 4 Startup). */
function getMe(signal?: AbortSignal): Promise<User> {
  return api<User>(USER_PATHS.me, { fallback: CURRENT_USER_LOAD_FAILED, signal });
}

/**
 * The signed-in user: the one copy the portal keeps. Persisted with the rest of the cache, so
 * an offline start still shows the signed-in shell; removed when a session starts or ends.
 * `endsSessionOnError`: a failed load logs the user out (src/app/query-client.ts).
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'me'],
    queryFn: ({ signal }) => getMe(signal),
    meta: { endsSessionOnError: true },
    retry: false,
  });
}
