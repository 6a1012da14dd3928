import { useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, createFileRoute, useNavigate } from '@tanstack/react-router';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { RouteErrorPage } from '@/components/RouteErrorPage';
import { AppDetailsPage } from '@/features/shops/components/AppDetailsPage';
import { PlanPanel } from '@/features/billing/components/PlanPanel';
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

export const Route = createFileRoute('/_authed/apps/$alias/')({
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

function RouteComponent() {
  const { alias } = Route.useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const { data: shop } = useSuspenseQuery(adminShopQueryOptions(alias));
  const { data: access } = useSuspenseQuery(shopAccessQueryOptions(alias));
  const { data: plans } = useSuspenseQuery(plansQueryOptions());
  const remove = useDeleteShop();
  if (!user) return null;
  return (
    <AppDetailsPage
      shop={shop}
      access={access}
      versions={<VersionsPanel alias={alias} canWrite={access.accessRights.editDesign} />}
      collaborators={<CollaboratorsPanel alias={alias} access={access} user={user} />}
      sharing={<SharingPanel alias={alias} canManage={access.accessRights.manageCollaborators} />}
      plan={access.role === 'owner' || access.sovereign ? <PlanPanel alias={alias} plans={plans} /> : null}
      deleting={remove.isPending}
      deleteError={remove.error?.message ?? null}
      onDelete={async () => {
        await remove.mutateAsync(alias);
        toast(`${shop.name} was deleted`, { variant: 'success' });
        await navigate({ to: '/apps' });
      }}
    />
  );
}
