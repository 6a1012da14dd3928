import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/marketing/components/HomePage';
import { PlanList } from '@/features/plans/components/PlanList';

// The plans for the pricing teaser are prefetched by the root route (spec: loaded at startup).
export const Route = createFileRoute('/')({
  component: HomeRoute,
});

function HomeRoute() {
  return <HomePage plans={<PlanList limit={3} />} />;
}
