import { PageLayout } from '@/components/PageLayout';
import { PRICING_LEAD, PRICING_TITLE } from '../copy';
import { PlanListSkeleton } from './PlanListSkeleton';

/** Shown while the plans load on a first visit (kept apart from the page: it is not code-split). */
export function PricingPending() {
  return (
    <PageLayout title={PRICING_TITLE} lead={PRICING_LEAD}>
      <PlanListSkeleton />
    </PageLayout>
  );
}
