import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { DesignPage } from '@/features/shops/components/DesignPage';

export const Route = createFileRoute('/new-app/$alias/design')({
  beforeLoad: requireLogin,
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useParams();
  return <DesignPage alias={alias} />;
}
