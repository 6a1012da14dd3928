import { createFileRoute } from '@tanstack/react-router';
import { JoinProjectPage } from '@/features/collaborators/components/JoinProjectPage';
import { useSession } from '@/lib/session/session';

export const Route = createFileRoute('/_authed/join-project')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => (typeof search.token === 'string' ? { token: search.token } : {}),
  component: RouteComponent,
});

function RouteComponent() {
  const { user } = useSession();
  const { token } = Route.useSearch();
  if (!user) return null;
  return <JoinProjectPage user={user} token={token ?? ''} />;
}
