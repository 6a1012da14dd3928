import { createFileRoute } from '@tanstack/react-router';
import { transactionsQueryOptions } from '@/features/payments/api/get-transactions';
import { AppPaymentsPage } from '@/features/payments/components/AppPaymentsPage';
import { validatePaymentsSearch } from '@/features/payments/search';
import { ensureRouteData } from '@/lib/route-data';

export const Route = createFileRoute('/_authed/payments/$alias')({
  validateSearch: validatePaymentsSearch,
  loader: ({ context: { queryClient }, params }) => ensureRouteData(queryClient, transactionsQueryOptions({ appAlias: params.alias }), { fresh: true }),
  component: AppPaymentsRoute,
});

function AppPaymentsRoute() {
  const { alias } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AppPaymentsPage alias={alias} search={search} onFilterChange={(filter) => void navigate({ search: filter, replace: true })} />;
}
