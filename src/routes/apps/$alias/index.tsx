import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { AppDetailsPage } from '@/features/apps/components/AppDetailsPage';

export const Route = createFileRoute('/apps/$alias/')({
  beforeLoad: requireLogin,
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useParams();
  return <AppDetailsPage alias={alias} />;
}
