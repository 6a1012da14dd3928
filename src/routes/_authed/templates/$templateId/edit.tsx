import { lazy } from 'react';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '@/api/client';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { useCanEditTemplate } from '@/components/shell/TemplateCard';
import { DesignEditor } from '@/features/design/editor/DesignEditor';
import { toScreen } from '@/features/preview/screens';
import { userShopsQueryOptions } from '@/features/shops/api/get-user-shops';
import { templateQueryOptions } from '@/features/templates/api/get-template';
import { EditTemplatePage } from '@/features/templates/components/EditTemplatePage';
import { TemplateNotFound } from '@/features/templates/components/TemplateNotFound';
import { useQuery } from '@tanstack/react-query';

const PhonePreview = lazy(() => import('@/features/preview/components/PhonePreview'));
const LiveTestDialog = lazy(() => import('@/features/preview/components/LiveTestDialog'));

export const Route = createFileRoute('/_authed/templates/$templateId/edit')({
  loader: async ({ context, params }) => {
    // The user's shops decide the edit permission: read afresh (a template created a moment ago is one of them).
    const shops = context.queryClient.fetchQuery({ ...userShopsQueryOptions(context.user.id), staleTime: 0 }).catch(() => undefined);
    try {
      await Promise.all([context.queryClient.ensureQueryData(templateQueryOptions(params.templateId)), shops]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  notFoundComponent: NotFound,
  component: RouteComponent,
});

function NotFound() {
  const { templateId } = Route.useParams();
  return <TemplateNotFound templateId={templateId} />;
}

function RouteComponent() {
  const { templateId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const template = useQuery(templateQueryOptions(templateId)).data;
  const shops = useQuery(userShopsQueryOptions(user.id));
  const allowed = useCanEditTemplate(template);
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
