import { createFileRoute } from '@tanstack/react-router';
import { notificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import { NotificationsPage } from '@/features/notifications/components/NotificationsPage';
import { filterOf, validateNotificationsSearch } from '@/features/notifications/search';
import { useSession } from '@/lib/session/session';
import { ensureRouteData } from '@/lib/route-data';

export const Route = createFileRoute('/_authed/notifications')({
  validateSearch: validateNotificationsSearch,
  loaderDeps: ({ search }) => filterOf(search),
  loader: async ({ context: { queryClient }, deps }) => {
    // The invites' Accept and Decline (the collaborators feature registers them) before the list shows.
    await import('@/features/collaborators/invite-actions');
    return ensureRouteData(queryClient, notificationsQueryOptions(deps));
  },
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { user } = useSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!user) return null;
  return (
    <NotificationsPage
      user={user}
      filter={filterOf(search)}
      onFilterChange={(filter) =>
        void navigate({ search: (prev) => ({ ...prev, status: filter.status === 'open' ? undefined : filter.status, type: filter.type }), replace: true })
      }
    />
  );
}
