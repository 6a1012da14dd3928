import { createFileRoute } from '@tanstack/react-router';
import { SharedProjectPage } from '@/features/apps/components/SharedProjectPage';

export const Route = createFileRoute('/apps/$alias/public')({
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useParams();
  return <SharedProjectPage alias={alias} />;
}
