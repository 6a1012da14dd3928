import { createFileRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '@/api/client';
import { adminShopQueryOptions } from '@/features/shops/api/get-admin-shop';
import { DesignPage } from '@/features/shops/components/DesignPage';

export const Route = createFileRoute('/_authed/new-app/$alias/design')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(adminShopQueryOptions(params.alias));
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
  return <DesignPage alias={alias} />;
}
