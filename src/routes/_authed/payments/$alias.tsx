import { createFileRoute } from '@tanstack/react-router';
import { transactionsInfiniteQueryOptions } from '@/features/payments/api/get-transactions';
import { AppPaymentsPage } from '@/features/payments/components/AppPaymentsPage';
import { filterOfSearch, transactionFilterOf } from '@/features/payments/model';
import { validatePaymentsSearch } from '@/features/payments/search';
import { ensureInfiniteRouteData } from '@/lib/infinite-route-data';

export const Route = createFileRoute('/_authed/payments/$alias')({
  validateSearch: validatePaymentsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) =>
    ensureInfiniteRouteData(queryClient, transactionsInfiniteQueryOptions(transactionFilterOf({ ...filterOfSearch(deps), app: params.alias })), {
      fresh: true,
    }),
  component: AppPaymentsRoute,
});

function AppPaymentsRoute() {
  const { alias } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AppPaymentsPage alias={alias} search={search} onFilterChange={(filter) => void navigate({ search: filter, replace: true })} />;
}
