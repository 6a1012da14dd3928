import { createFileRoute } from '@tanstack/react-router';
import { transactionAppsQueryOptions, transactionsInfiniteQueryOptions } from '@/features/payments/api/get-transactions';
import { PaymentsPage } from '@/features/payments/components/PaymentsPage';
import { filterOfSearch, transactionFilterOf } from '@/features/payments/model';
import { validatePaymentsSearch } from '@/features/payments/search';
import { ensureInfiniteRouteData } from '@/lib/infinite-route-data';
import { ensureRouteData } from '@/lib/route-data';

export const Route = createFileRoute('/_authed/payments/')({
  validateSearch: validatePaymentsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // The app filter's choices load beside the first page; the page does not wait for them.
    ensureRouteData(queryClient, transactionAppsQueryOptions()).catch(() => undefined);
    return ensureInfiniteRouteData(queryClient, transactionsInfiniteQueryOptions(transactionFilterOf(filterOfSearch(deps))), { fresh: true });
  },
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <PaymentsPage search={search} onFilterChange={(filter) => void navigate({ search: filter, replace: true })} />;
}
