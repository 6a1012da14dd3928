import { createFileRoute } from '@tanstack/react-router';
import { pendingTransactionsQueryOptions } from '@/features/payments/api/get-pending-transactions';
import { PaymentResolutionPage } from '@/features/payments/components/PaymentResolutionPage';
import { ensureRouteData } from '@/lib/route-data';

export const Route = createFileRoute('/_authed/payments/actions/resolution')({
  loader: ({ context: { queryClient } }) => ensureRouteData(queryClient, pendingTransactionsQueryOptions(), { fresh: true }),
  component: PaymentResolutionPage,
});
