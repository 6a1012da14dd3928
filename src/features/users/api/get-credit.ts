import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Credit } from '@contract/credits/schemas';
import { api } from '@/api/client';
import { CREDIT_PATHS } from '@contract/credits/paths';

/** POST /v1/credits (no body): the signed-in user's credit, created on first ask. */
function getCredit(signal?: AbortSignal): Promise<Credit> {
  return api<Credit>(CREDIT_PATHS.credit, { method: 'POST', fallback: 'Could not load the credit', signal });
}

export function creditQueryOptions() {
  return queryOptions({
    queryKey: ['credit'],
    queryFn: ({ signal }) => getCredit(signal),
    // Money: kept out of localStorage like other payment data.
    meta: { persist: false },
  });
}

export function useCredit(enabled = true) {
  return useQuery({ ...creditQueryOptions(), enabled });
}
