import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contract/accounts';
import { api } from '@/api/client';

/** GET /v1/user/me: the signed-in user's profile (spec section 4 Startup). */
export function getMe(signal?: AbortSignal): Promise<User> {
  return api<User>('/v1/user/me', { fallback: "Error while getting user's account", signal });
}

export const ME_QUERY_KEY = ['user', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    // The session store (localStorage) already holds the user for offline starts and is updated
    // from this query; persisting it again would only keep a second copy of personal data.
    meta: { persist: false },
    retry: false,
  });
}

export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
