import { createFileRoute } from '@tanstack/react-router';
import { DesignPage } from '@/features/shops/components/DesignPage';

export const Route = createFileRoute('/_authed/new-app/$alias/design')({
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useParams();
  return <DesignPage alias={alias} />;
}
