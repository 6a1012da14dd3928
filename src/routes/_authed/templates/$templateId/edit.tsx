import { lazy } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { PageLayout } from '@/components/PageLayout';
import { QueryErrorState } from '@/components/QueryErrorState';
import { ApiError } from '@/api/client';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { useCanEditTemplate } from '@/components/shell/TemplateCard';
import { DesignEditor } from '@/features/design/editor/DesignEditor';
import { toScreen } from '@/features/preview/screens';
import { userShopsQueryOptions } from '@/features/shops/api/get-user-shops';
import { templateQueryOptions } from '@/features/templates/api/get-template';
import { EditTemplatePage } from '@/features/templates/components/EditTemplatePage';
import { PreviewNotFound } from '@/features/preview/components/PreviewNotFound';
import { useQuery } from '@tanstack/react-query';
import { ensureRouteData } from '@/lib/route-data';

const PhonePreview = lazy(() => import('@/features/preview/components/PhonePreview'));
const LiveTestDialog = lazy(() => import('@/features/preview/components/LiveTestDialog'));

export const Route = createFileRoute('/_authed/templates/$templateId/edit')({
  // The loader (and the query modules it imports) loads with the route, not in the homepage's initial JS.
  codeSplitGroupings: [['loader'], ['component']],
  loader: async ({ context, params }) => {
    // The user's shops decide the edit permission: read afresh (a template created a moment ago is one of them).
    const shops = ensureRouteData(context.queryClient, userShopsQueryOptions(context.user.id), { fresh: true }).catch(() => undefined);
    // A failed load is the page's own state (an unknown templateId: not found), not the route's.
    await Promise.all([ensureRouteData(context.queryClient, templateQueryOptions(params.templateId)).catch(() => undefined), shops]);
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { templateId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const query = useQuery(templateQueryOptions(templateId));
  const template = query.data;
  const shops = useQuery(userShopsQueryOptions(user.id));
  const allowed = useCanEditTemplate(template);
  if (query.error instanceof ApiError && query.error.status === 404) return <PreviewNotFound templateId={templateId} />;
  if (query.isError)
    return (
      <PageLayout title="Edit template">
        <QueryErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      </PageLayout>
    );
  if (!template) return null;
  // Spec section 5: only a SOVEREIGN or the owner of the template's shop (the server enforces it too).
  if (!allowed) return shops.isPending || shops.isFetching ? null : <ForbiddenPage lead="Only the owner of this template or a SOVEREIGN may edit it." />;
  return (
    <EditTemplatePage
      templateId={templateId}
      editor={(shop) => (
        <DesignEditor
          shop={{ alias: shop.alias, name: shop.name, logo: shop.logo }}
          templateCategory={shop.category}
          preview={(creation, screen) => <PhonePreview creation={creation} screen={toScreen(screen)} framed autoplay={false} />}
          instructions={({ url, onClose }) => <LiveTestDialog open onClose={onClose} templateId={templateId} url={url} title="Preview on your phone" />}
        />
      )}
    />
  );
}
