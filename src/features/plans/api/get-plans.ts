import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@contract/catalog';
import { api } from '@/api/client';

/** GET /v1/plans (spec section 7): the subscription plans, loaded at startup. */
export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return api<Plan[]>('/v1/plans', { fallback: 'Could not load the plans', signal });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: ['plans'],
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 5 * 60_000,
    meta: { public: true },
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
