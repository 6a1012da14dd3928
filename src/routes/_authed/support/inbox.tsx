import { createFileRoute, notFound } from '@tanstack/react-router';
import { ROLE } from '@contract/constants';
import { inboxQueryOptions } from '@/features/chat/api/get-inbox';
import { SupportInbox } from '@/features/chat/components/SupportInbox';
import { hasRole } from '@contract/users/roles';
import { ensureRouteData } from '@/lib/route-data';

/** The agent inbox: SOVEREIGN users only (anyone else gets the not-found page). */
export const Route = createFileRoute('/_authed/support/inbox')({
  beforeLoad: ({ context }) => {
    if (!hasRole(context.user, ROLE.SOVEREIGN)) throw notFound();
  },
  loader: ({ context: { queryClient } }) => ensureRouteData(queryClient, inboxQueryOptions()),
  component: InboxRoute,
});

function InboxRoute() {
  const { user } = Route.useRouteContext();
  return <SupportInbox agentId={user.id} />;
}
