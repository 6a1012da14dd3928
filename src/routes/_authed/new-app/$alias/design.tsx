import { lazy } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, createFileRoute, notFound } from '@tanstack/react-router';
import { SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import { ApiError } from '@/api/client';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { DesignEditor } from '@/features/design/editor/DesignEditor';
import { PageLayout } from '@/components/PageLayout';
import { RouteErrorPage } from '@/components/RouteErrorPage';
import { toScreen } from '@/features/preview/screens';
import { adminShopQueryOptions } from '@/features/shops/api/get-admin-shop';

const PhonePreview = lazy(() => import('@/features/preview/components/PhonePreview'));
const LiveTestDialog = lazy(() => import('@/features/preview/components/LiveTestDialog'));

/** Someone else's shop: the 403 page, not the editor. */
class ForbiddenShop extends Error {}

export const Route = createFileRoute('/_authed/new-app/$alias/design')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(adminShopQueryOptions(params.alias));
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) throw new ForbiddenShop('forbidden');
      // An unknown alias is not a page: no made-up shop is shown.
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  errorComponent: DesignError,
  component: RouteComponent,
});

function DesignError(props: ErrorComponentProps) {
  if (props.error instanceof ForbiddenShop) return <ForbiddenPage />;
  return <RouteErrorPage {...props} title="Design your app" />;
}

function RouteComponent() {
  const { alias } = Route.useParams();
  const { data: shop } = useSuspenseQuery(adminShopQueryOptions(alias));
  const trade = SAMPLE_SUPER_CATEGORIES[(shop.superCategoriesOfInterest[0] ?? 0) - 1];
  return (
    <PageLayout title="Design your app" lead="Style each screen section by section; the phone preview follows every change.">
      <DesignEditor
        shop={{ alias: shop.alias, name: shop.name, logo: shop.logo, currencySymbol: shop.shopCurrency.currency.symbol }}
        templateCategory={trade}
        preview={(creation, screen) => <PhonePreview creation={creation} screen={toScreen(screen)} framed autoplay={false} />}
        instructions={({ url, onClose }) => <LiveTestDialog open onClose={onClose} templateId={alias} url={url} title="Preview on your phone" />}
      />
    </PageLayout>
  );
}
