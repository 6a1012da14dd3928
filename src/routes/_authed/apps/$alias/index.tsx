import { createFileRoute } from '@tanstack/react-router';
import { AppDetailsPage } from '@/features/apps/components/AppDetailsPage';

export const Route = createFileRoute('/_authed/apps/$alias/')({
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useParams();
  return <AppDetailsPage alias={alias} />;
}
