import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@contract/plans/schemas';
import { api } from '@/api/client';
import { PLAN_PATHS } from '@contract/plans/paths';

/** GET /v1/plans (spec section 7): the subscription plans, loaded at startup. */
function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return api<Plan[]>(PLAN_PATHS.plans, { fallback: 'Could not load the plans', signal });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: ['plans'],
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: 5 * 60_000,
    meta: { public: true },
  });
}

/** `placeholderData`: what to show until the list is here (the seed plans on the public pages). */
export function usePlans(options: { placeholderData?: Plan[] } = {}) {
  return useQuery({ ...plansQueryOptions(), ...options });
}
