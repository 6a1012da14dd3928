import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '@/api/client';
import { slideshowsQueryOptions } from '@/features/catalog/api/get-slideshows';
import { adminShopQueryOptions } from '@/features/shops/api/get-admin-shop';
import { DesignPage } from '@/features/shops/components/DesignPage';

export const Route = createFileRoute('/_authed/new-app/$alias/design')({
  loader: async ({ context, params }) => {
    try {
      const shop = await context.queryClient.ensureQueryData(adminShopQueryOptions(params.alias));
      await context.queryClient.ensureQueryData(slideshowsQueryOptions(shop.superCategoriesOfInterest));
    } catch (error) {
      // An unknown alias (or someone else's shop) is not a page: no made-up shop is shown.
      if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useParams();
  const { data: shop } = useSuspenseQuery(adminShopQueryOptions(alias));
  const { data: slides } = useSuspenseQuery(slideshowsQueryOptions(shop.superCategoriesOfInterest));
  return <DesignPage alias={alias} slides={slides} />;
}
