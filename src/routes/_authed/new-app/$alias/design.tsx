import { lazy, useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, createFileRoute, useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import { SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import type { AccessRights } from '@contract/collaborators/schemas';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { ButtonLink } from '@/components/links';
import { DesignEditor } from '@/features/design/editor/DesignEditor';
import { sectionById } from '@/features/design/editor/section-map';
import { PageLayout } from '@/components/PageLayout';
import { RouteErrorPage } from '@/components/RouteErrorPage';
import { designVersionsQueryOptions } from '@/features/design/api/get-design-versions';
import { sharingQueryOptions } from '@/features/design/api/get-sharing';
import { shopAccessQueryOptions } from '@/features/collaborators/api/get-shop-access';
import { withPreviewKey } from '@/features/design/preview-url';
import { DesignPresence } from '@/features/design/components/DesignPresence';
import { toScreen } from '@/features/preview/screens';
import { adminShopQueryOptions } from '@/features/shops/api/get-admin-shop';
import { useSession } from '@/lib/session/session';
import { toast } from '@/lib/toast';
import { ensureRouteData, ensureShopRouteData, ForbiddenShop } from '@/lib/route-data';

const PhonePreview = lazy(() => import('@/features/preview/components/PhonePreview'));
const LiveTestDialog = lazy(() => import('@/features/preview/components/LiveTestDialog'));

export const Route = createFileRoute('/_authed/new-app/$alias/design')({
  // Issue 14: `?version=N` opens a design version (branch); none: the editor's default one.
  validateSearch: (search: Record<string, unknown>): { version?: number } => {
    const version = Number(search.version);
    return Number.isInteger(version) && version >= 0 && version < 10_000_000 ? { version } : {};
  },
  loader: ({ context, params }) =>
    ensureShopRouteData([
      ensureRouteData(context.queryClient, adminShopQueryOptions(params.alias)),
      ensureRouteData(context.queryClient, shopAccessQueryOptions(params.alias)),
      ensureRouteData(context.queryClient, designVersionsQueryOptions(params.alias)),
    ]),
  errorComponent: DesignError,
  component: RouteComponent,
});

function DesignError(props: ErrorComponentProps) {
  if (props.error instanceof ForbiddenShop) return <ForbiddenPage />;
  return <RouteErrorPage {...props} title="Design your app" />;
}

function RouteComponent() {
  const { alias } = Route.useParams();
  const { version } = Route.useSearch();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: shop } = useSuspenseQuery(adminShopQueryOptions(alias));
  const { data: access } = useSuspenseQuery(shopAccessQueryOptions(alias));
  // Without ?version the editor opens the default version (branch); a new shop has none yet.
  const { data: versions } = useSuspenseQuery(designVersionsQueryOptions(alias));
  const opened = version ?? versions.find((known) => known.isDefault)?.version;
  const [sectionId, setSectionId] = useState('');
  const [removed, setRemoved] = useState(false);
  const leaving = useRef(false);
  // The QR code's URL carries the shop's preview key, so the phone reads a private design.
  const sharing = useQuery(sharingQueryOptions(alias));
  const trade = SAMPLE_SUPER_CATEGORIES[(shop.superCategoriesOfInterest[0] ?? 0) - 1];
  // Rights changed while the editor is open: a removed collaborator leaves at once. The shop's
  // queries are only marked stale, not dropped: dropping the access query this page reads would
  // suspend it and refetch into a 403 error page while the redirect runs.
  const onAccess = useCallback(
    (rights: AccessRights | null) => {
      if (rights === null) {
        // Told twice (the removal's event and a refused presence join): leave once.
        if (leaving.current) return;
        leaving.current = true;
        setRemoved(true);
        toast('You no longer have access to this app', { variant: 'warning' });
        void navigate({ to: '/apps', replace: true }).then(() =>
          queryClient.invalidateQueries({ queryKey: shopAccessQueryOptions(alias).queryKey, refetchType: 'none' }),
        );
        return;
      }
      void queryClient.invalidateQueries({ queryKey: shopAccessQueryOptions(alias).queryKey });
    },
    [alias, navigate, queryClient],
  );
  if (removed) return <ForbiddenPage lead="The owner removed you from this app's collaborators." />;
  const readOnly = !access.accessRights.editDesign;
  // Issue 31: the owner, a SOVEREIGN and managers order the app from its page (the dialog opens there).
  const canOrder = access.role === 'owner' || access.sovereign || access.accessRights.manageCollaborators;
  return (
    <PageLayout title="Design your app" lead="Style each screen section by section; the phone preview follows every change." compact>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You can view this design. Ask its owner for the right to edit it.
        </Alert>
      )}
      <DesignEditor
        shop={{
          alias: shop.alias,
          name: shop.name,
          logo: shop.logo,
          currencySymbol: shop.shopCurrency.currency.symbol,
          superCategoriesOfInterest: shop.superCategoriesOfInterest,
          categoriesOfInterest: shop.categoriesOfInterest,
        }}
        templateCategory={trade}
        {...(opened !== undefined ? { version: opened } : {})}
        readOnly={readOnly}
        onSectionChange={setSectionId}
        orderAction={
          canOrder ? (
            <ButtonLink to="/apps/$alias" params={{ alias }} search={{ order: true }} variant="contained" color="secondary">
              Order app
            </ButtonLink>
          ) : null
        }
        presence={user && sectionId ? <DesignPresence alias={alias} section={sectionById(sectionId).title} selfId={user.id} onAccess={onAccess} /> : null}
        preview={(creation, screen) => <PhonePreview creation={creation} screen={toScreen(screen)} framed autoplay={false} />}
        instructions={({ url, onClose }) => (
          <LiveTestDialog open onClose={onClose} templateId={alias} url={withPreviewKey(url, sharing.data?.previewKey)} title="Preview on your phone" />
        )}
      />
    </PageLayout>
  );
}
