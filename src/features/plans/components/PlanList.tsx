import { QueryErrorState } from '@/components/QueryErrorState';
import { useHydrated } from '@/lib/hydration';
import { usePlans } from '../api/get-plans';
import { PlanGrid } from './PlanGrid';
import { PlanListSkeleton } from './PlanListSkeleton';

/**
 * The plans where a page does not wait for them (the homepage's pricing teaser and the pricing
 * page: the root route only starts loading them), with their own loading and error states.
 */
export function PlanList({ limit }: { limit?: number }) {
  const { data, error, isPending, refetch } = usePlans();
  // A prerendered page shows the skeleton until it has hydrated (src/lib/hydration.ts).
  const hydrated = useHydrated();
  if (isPending || !hydrated) return <PlanListSkeleton />;
  if (error) return <QueryErrorState message={error.message} onRetry={() => void refetch()} />;
  return <PlanGrid plans={data} limit={limit} />;
}
