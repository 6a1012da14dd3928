import { Suspense, lazy, useCallback, useEffect } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, createFileRoute, useNavigate } from '@tanstack/react-router';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { RouteErrorPage } from '@/components/RouteErrorPage';
import { AppDetailsPage } from '@/features/shops/components/AppDetailsPage';
import { useCreateSubscription } from '@/features/billing/api/create-subscription';
import { shopSubscriptionsQueryOptions } from '@/features/billing/api/get-shop-subscriptions';
import { useUpdateSubscription } from '@/features/billing/api/update-subscription';
import { PlanPanel } from '@/features/billing/components/PlanPanel';
import { currentSubscription } from '@/features/billing/model';
import { BuildsPanel } from '@/features/builds/components/BuildsPanel';
import type { OrderBilling } from '@/features/builds/components/OrderAppDialog';
import { authorizationsQueryOptions } from '@/features/payments/api/get-authorizations';
import { cardTitle, sortCards } from '@/features/payments/model';
import { plansQueryOptions } from '@/features/plans/api/get-plans';
import { shopAccessQueryOptions } from '@/features/collaborators/api/get-shop-access';
import { CollaboratorsPanel } from '@/features/collaborators/components/CollaboratorsPanel';
import { SharingPanel } from '@/features/design/components/SharingPanel';
import { VersionsPanel } from '@/features/design/components/VersionsPanel';
import { useDeleteShop } from '@/features/shops/api/delete-shop';
import { adminShopQueryOptions } from '@/features/shops/api/get-admin-shop';
import { useSession } from '@/lib/session/session';
import { toast } from '@/lib/toast';
import { ensureRouteData, ensureShopRouteData, ForbiddenShop } from '@/lib/route-data';

// Loaded when the merchant orders: the page itself does not wait for the dialog's parts.
const OrderAppDialog = lazy(() => import('@/features/builds/components/OrderAppDialog').then((module) => ({ default: module.OrderAppDialog })));

export const Route = createFileRoute('/_authed/apps/$alias/')({
  // Issue 31: `?order=1` opens the order dialog (the design editor's Order app button links here).
  // (The router reads `?order=1` as 1, `?order=true` as true.)
  validateSearch: (search: Record<string, unknown>): { order?: true } => (search.order ? { order: true } : {}),
  loader: ({ context, params }) =>
    ensureShopRouteData([
      ensureRouteData(context.queryClient, adminShopQueryOptions(params.alias)),
      ensureRouteData(context.queryClient, shopAccessQueryOptions(params.alias)),
      ensureRouteData(context.queryClient, plansQueryOptions()),
    ]),
  errorComponent: DetailsError,
  component: RouteComponent,
});

function DetailsError(props: ErrorComponentProps) {
  if (props.error instanceof ForbiddenShop) return <ForbiddenPage />;
  return <RouteErrorPage {...props} title="App details" />;
}

/** Brings the builds panel into view and gives its heading the focus (after an order, or opened at `#builds`). */
function showBuilds() {
  const heading = document.getElementById('builds-heading');
  document.getElementById('builds')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  heading?.focus({ preventScroll: true });
}

function RouteComponent() {
  const { alias } = Route.useParams();
  const { order } = Route.useSearch();
  const { user } = useSession();
  const navigate = useNavigate();
  const { data: shop } = useSuspenseQuery(adminShopQueryOptions(alias));
  const { data: access } = useSuspenseQuery(shopAccessQueryOptions(alias));
  const { data: plans } = useSuspenseQuery(plansQueryOptions());
  const remove = useDeleteShop();
  // Who pays for the app (its plan, the owner's card) and who may order it (also managers).
  const payer = access.role === 'owner' || access.sovereign;
  const canOrder = payer || access.accessRights.manageCollaborators;
  const subscriptions = useQuery({ ...shopSubscriptionsQueryOptions(alias), enabled: payer });
  const subscription = subscriptions.data ? (currentSubscription(subscriptions.data) ?? null) : subscriptions.isError ? null : undefined;
  const cards = useQuery({ ...authorizationsQueryOptions(), enabled: payer && access.role === 'owner' && order === true });
  const createSubscription = useCreateSubscription();
  const updateSubscription = useUpdateSubscription();

  const setOrdering = useCallback(
    (open: boolean) => void navigate({ to: '/apps/$alias', params: { alias }, search: open ? { order: true } : {}, replace: !open }),
    [navigate, alias],
  );
  useEffect(() => {
    if (window.location.hash === '#builds') requestAnimationFrame(showBuilds);
  }, []);

  if (!user) return null;
  const billing: OrderBilling | null = payer
    ? {
        plans,
        subscription,
        // A SOVEREIGN ordering someone else's app: the owner's card pays, which this user cannot see.
        card:
          access.role !== 'owner'
            ? 'The app owner’s default card'
            : cards.data
              ? (sortCards(cards.data).map(cardTitle)[0] ?? null)
              : cards.isError
                ? null
                : undefined,
        onSubscribe: (planCode) => createSubscription.mutateAsync({ shopAlias: alias, planCode }),
      }
    : null;
  const takeLive =
    payer && subscription?.status === 'paused'
      ? () => updateSubscription.mutateAsync({ subscriptionCode: subscription.subscriptionCode, change: { status: 'live' } })
      : null;
  return (
    <>
      <AppDetailsPage
        shop={shop}
        access={access}
        builds={<BuildsPanel alias={alias} canManage={canOrder} onTakeLive={takeLive} />}
        onOrder={canOrder ? () => setOrdering(true) : null}
        versions={<VersionsPanel alias={alias} canWrite={access.accessRights.editDesign} />}
        collaborators={<CollaboratorsPanel alias={alias} access={access} user={user} />}
        sharing={<SharingPanel alias={alias} canManage={access.accessRights.manageCollaborators} />}
        plan={payer ? <PlanPanel alias={alias} plans={plans} /> : null}
        deleting={remove.isPending}
        deleteError={remove.error?.message ?? null}
        onDelete={async () => {
          await remove.mutateAsync(alias);
          toast(`${shop.name} was deleted`, { variant: 'success' });
          await navigate({ to: '/apps' });
        }}
      />
      {canOrder && order === true && (
        <Suspense fallback={null}>
          <OrderAppDialog open alias={alias} billing={billing} onClose={() => setOrdering(false)} onOrdered={() => requestAnimationFrame(showBuilds)} />
        </Suspense>
      )}
    </>
  );
}
