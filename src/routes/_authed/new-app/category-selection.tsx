import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, redirect, useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { ALIAS_PATTERN } from '@contract/shops/alias';
import { ApiError } from '@/api/client';
import { RouteErrorPage } from '@/components/RouteErrorPage';
import { productCategoriesQueryOptions } from '@/features/catalog/api/get-product-categories';
import { superCategoriesQueryOptions } from '@/features/catalog/api/get-super-categories';
import { CategorySelectionPage } from '@/features/catalog/components/CategorySelectionPage';
import { CategorySelectionPending } from '@/features/catalog/components/CategorySelectionPending';
import { adminShopQueryOptions } from '@/features/shops/api/get-admin-shop';
import { useUpdateShop } from '@/features/shops/api/update-shop';
import { ensureRouteData } from '@/lib/route-data';

/**
 * The shop being set up: set by the setup page (or its 'Continue'); without it there is nothing
 * to choose for. Checked by hand: route options are in the initial JS, zod is not.
 */
function validateSearch(search: Record<string, unknown>): { alias?: string } {
  const alias = search.alias;
  return typeof alias === 'string' && alias.length <= 64 && ALIAS_PATTERN.test(alias) ? { alias } : {};
}

export const Route = createFileRoute('/_authed/new-app/category-selection')({
  validateSearch,
  beforeLoad: ({ search }) => {
    if (!search.alias) throw redirect({ to: '/new-app/setup', replace: true });
  },
  loaderDeps: ({ search }) => ({ alias: search.alias ?? '' }),
  loader: async ({ context, deps }) => {
    try {
      await Promise.all([
        ensureRouteData(context.queryClient, adminShopQueryOptions(deps.alias)),
        ensureRouteData(context.queryClient, superCategoriesQueryOptions()),
        ensureRouteData(context.queryClient, productCategoriesQueryOptions()),
      ]);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw notFound();
      throw error;
    }
  },
  pendingComponent: CategorySelectionPending,
  errorComponent: CategorySelectionError,
  component: RouteComponent,
});

function RouteComponent() {
  const { alias } = Route.useLoaderDeps();
  const { data: shop } = useSuspenseQuery(adminShopQueryOptions(alias));
  const update = useUpdateShop();
  const navigate = useNavigate();
  return (
    <CategorySelectionPage
      shop={shop}
      saving={update.isPending}
      save={(changes) => update.mutateAsync({ alias, changes })}
      onContinue={() => navigate({ to: '/new-app/$alias/design', params: { alias } })}
    />
  );
}

function CategorySelectionError(props: ErrorComponentProps) {
  return <RouteErrorPage {...props} title="Choose your categories" />;
}
