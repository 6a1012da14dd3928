import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CREDIT_CURRENCY } from '@contract/credits/paths';
import { formatMoney } from '@contract/money';
import { billingsQueryOptions } from '@/features/billing/api/get-billings';
import { subscriptionsQueryOptions } from '@/features/billing/api/get-subscriptions';
import { BillingPage } from '@/features/billing/components/BillingPage';
import { plansQueryOptions } from '@/features/plans/api/get-plans';
import { useCredit } from '@/features/users/api/get-credit';
import { ensureRouteData } from '@/lib/route-data';

export const Route = createFileRoute('/_authed/billing')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      ensureRouteData(queryClient, billingsQueryOptions(), { fresh: true }),
      ensureRouteData(queryClient, subscriptionsQueryOptions(), { fresh: true }),
      // The what-if's plans: usually in the cache already (loaded at startup).
      ensureRouteData(queryClient, plansQueryOptions()),
    ]),
  component: BillingRoute,
});

function BillingRoute() {
  // Spec section 9: credit shown as value / 100 with 2 decimals, in dollars (the account menu's words).
  const credit = useCredit();
  const { data: plans } = useSuspenseQuery(plansQueryOptions());
  return <BillingPage credit={credit.data ? formatMoney(credit.data.value, CREDIT_CURRENCY) : null} plans={plans} />;
}
