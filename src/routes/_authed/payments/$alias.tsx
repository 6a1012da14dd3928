import { createFileRoute } from '@tanstack/react-router';
import { AppPaymentsPage } from '@/features/payments/components/AppPaymentsPage';

export const Route = createFileRoute('/_authed/payments/$alias')({
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useParams();
  return <AppPaymentsPage alias={alias} />;
}
