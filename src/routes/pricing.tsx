import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { RouteErrorPage } from '@/components/RouteErrorPage';
import { plansQueryOptions } from '@/features/plans/api/get-plans';
import { PricingPage } from '@/features/plans/components/PricingPage';
import { PricingPending } from '@/features/plans/components/PricingPending';

export const Route = createFileRoute('/pricing')({
  loader: ({ context }) => context.queryClient.ensureQueryData(plansQueryOptions()),
  pendingComponent: PricingPending,
  errorComponent: PricingError,
  component: PricingPage,
});

function PricingError(props: ErrorComponentProps) {
  return <RouteErrorPage {...props} title="Pricing" />;
}
