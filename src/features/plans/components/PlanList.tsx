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

export function PlanList({ limit }: { limit?: number }) {
  const { data, error, refetch } = usePlans({ placeholderData: PLACEHOLDER });
  const hydrated = useHydrated();
  if (!hydrated) return <PlanGrid plans={SEED_PLAN_LIST} limit={limit} />;
  if (error) return <QueryErrorState message={error.message} onRetry={() => void refetch()} />;
  return <PlanGrid plans={data ?? SEED_PLAN_LIST} limit={limit} />;
}
