import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { userShopsQueryOptions } from '@/features/shops/api/get-user-shops';
import { CreateTemplatePage } from '@/features/templates/components/CreateTemplatePage';

function validateSearch(search: Record<string, unknown>): { from?: string } {
  return typeof search.from === 'string' && /^[a-z0-9][a-z0-9-]{1,59}$/.test(search.from) ? { from: search.from } : {};
}

export const Route = createFileRoute('/_authed/templates/create-template')({
  // The loader (and the query modules it imports) loads with the route, not in the homepage's initial JS.
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch,
  loader: ({ context }) => void context.queryClient.prefetchQuery(userShopsQueryOptions(context.user.id)),
  component: RouteComponent,
});

function RouteComponent() {
  const { user } = Route.useRouteContext();
  const { from } = Route.useSearch();
  const shops = useQuery(userShopsQueryOptions(user.id));
  // Spec section 5: the user's template shops count against the limit.
  const templateCount = shops.data ? shops.data.filter((shop) => shop.isTemplate).length : null;
  return <CreateTemplatePage templateCount={templateCount} from={from} />;
}
