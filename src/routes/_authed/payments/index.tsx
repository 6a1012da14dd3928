import { createFileRoute } from '@tanstack/react-router';
import { transactionsQueryOptions } from '@/features/payments/api/get-transactions';
import { PaymentsPage } from '@/features/payments/components/PaymentsPage';
import { validatePaymentsSearch } from '@/features/payments/search';
import { ensureRouteData } from '@/lib/route-data';

export const Route = createFileRoute('/_authed/payments/')({
  validateSearch: validatePaymentsSearch,
  loader: ({ context: { queryClient } }) => ensureRouteData(queryClient, transactionsQueryOptions(), { fresh: true }),
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PaymentsPage search={search} onFilterChange={(filter) => void navigate({ search: filter, replace: true })} />;
}
