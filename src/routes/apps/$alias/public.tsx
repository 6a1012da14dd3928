import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SharedProjectPage } from '@/features/shops/components/SharedProjectPage';
import { publicShopQueryOptions } from '@/features/collaborators/api/get-public-shop';

const PhonePreview = lazy(() => import('@/features/preview/components/PhonePreview'));

export const Route = createFileRoute('/apps/$alias/public')({
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useParams();
  const shop = useQuery(publicShopQueryOptions(alias));
  return <SharedProjectPage shop={shop.data} error={shop.error} preview={(creation) => <PhonePreview creation={creation} framed />} />;
}
