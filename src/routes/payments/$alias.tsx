import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { AppPaymentsPage } from '@/features/payments/components/AppPaymentsPage';

export const Route = createFileRoute('/payments/$alias')({
  beforeLoad: requireLogin,
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useParams();
  return <AppPaymentsPage alias={alias} />;
}
