import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MyAppsPage } from '@/features/shops/components/MyAppsPage';
import { shopCollaborationsQueryOptions } from '@/features/collaborators/api/get-shop-collaborations';
import { userShopsQueryOptions } from '@/features/shops/api/get-user-shops';
import { useSession } from '@/lib/session/session';
import { ensureRouteData } from '@/lib/route-data';

const PhonePreview = lazy(() => import('@/features/preview/components/PhonePreview'));

export const Route = createFileRoute('/_authed/apps/')({
  // Both lists load together as the route starts (a failure is the page's toast, not an error page).
  loader: async ({ context }) => {
    await Promise.allSettled([
      ensureRouteData(context.queryClient, userShopsQueryOptions(context.user.id)),
      ensureRouteData(context.queryClient, shopCollaborationsQueryOptions(context.user.id)),
    ]);
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { user } = useSession();
  const userId = user?.id ?? 0;
  const own = useQuery({ ...userShopsQueryOptions(userId), enabled: userId > 0 });
  const shared = useQuery({ ...shopCollaborationsQueryOptions(userId), enabled: userId > 0 });
  if (!user) return null;
  return <MyAppsPage own={own} shared={shared} thumbnail={(creation) => <PhonePreview creation={creation} framed autoplay={false} />} />;
}
