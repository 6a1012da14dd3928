import type { Plan } from '@contract/plans/schemas';
import { SEED_PLAN_LIST } from '@contract/plans/seed-plans';
import { QueryErrorState } from '@/components/QueryErrorState';
import { useHydrated } from '@/lib/hydration';
import { usePlans } from '../api/get-plans';
import { PlanGrid } from './PlanGrid';

/**
 * The plans where a page does not wait for them (the homepage's pricing teaser and the pricing
 * page: the root route only starts loading them), with their error state. Until the live list is
 * here (and while a prerendered page hydrates, src/lib/hydration.ts) they are the seed plans a
 * fresh installation lists, which the prerendered HTML shows: the page paints its plans from its
 * first byte, and the client's list replaces them (the same ones unless an operator changed them).
 */
const PLACEHOLDER: Plan[] = [...SEED_PLAN_LIST];

/** The plans as this rule says (the pricing calculator prices the same ones the cards show). */
export function useListedPlans() {
  const { data, error, refetch } = usePlans({ placeholderData: PLACEHOLDER });
  const hydrated = useHydrated();
  return { plans: hydrated ? (data ?? SEED_PLAN_LIST) : SEED_PLAN_LIST, error: hydrated ? error : null, refetch };
}

export function PlanList({ limit }: { limit?: number }) {
  const { plans, error, refetch } = useListedPlans();
  if (error) return <QueryErrorState message={error.message} onRetry={() => void refetch()} />;
  return <PlanGrid plans={plans} limit={limit} />;
}
