import { createFileRoute } from '@tanstack/react-router';
import { ShopSetupPage } from '@/features/shops/components/ShopSetupPage';

export const Route = createFileRoute('/_authed/new-app/setup')({
  component: RouteComponent,
});

function RouteComponent() {
  const { user } = Route.useRouteContext();
  return <ShopSetupPage user={user} />;
}
