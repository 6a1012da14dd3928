import { createFileRoute } from '@tanstack/react-router';
import { CREDIT_CURRENCY } from '@contract/credits/paths';
import { formatMoney } from '@contract/money';
import { billingsQueryOptions } from '@/features/billing/api/get-billings';
import { BillingPage } from '@/features/billing/components/BillingPage';
import { useCredit } from '@/features/users/api/get-credit';
import { ensureRouteData } from '@/lib/route-data';

export const Route = createFileRoute('/_authed/billing')({
  loader: ({ context: { queryClient } }) => ensureRouteData(queryClient, billingsQueryOptions(), { fresh: true }),
  component: BillingRoute,
});

function BillingRoute() {
  // Spec section 9: credit shown as value / 100 with 2 decimals, in dollars (the account menu's words).
  const credit = useCredit();
  return <BillingPage credit={credit.data ? formatMoney(credit.data.value, CREDIT_CURRENCY) : null} />;
}
