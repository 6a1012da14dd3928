import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { RouteErrorPage } from '@/components/RouteErrorPage';
import { plansQueryOptions } from '@/features/plans/api/get-plans';
import { PricingPage } from '@/features/plans/components/PricingPage';

// A public page, prerendered: the plans load without holding the page (PlanList shows their state).
export const Route = createFileRoute('/pricing')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(plansQueryOptions());
  },
  errorComponent: PricingError,
  component: PricingPage,
});

function PricingError(props: ErrorComponentProps) {
  return <RouteErrorPage {...props} title="Pricing" />;
}
