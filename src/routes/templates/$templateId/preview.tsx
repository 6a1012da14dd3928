import { createFileRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '@/api/client';
import { TemplateCard, useTemplateEditRule } from '@/components/shell/TemplateCard';
import { templateQueryOptions } from '@/features/templates/api/get-template';
import { TemplateDetailsPage } from '@/features/templates/components/TemplateDetailsPage';
import { TemplateNotFound } from '@/features/templates/components/TemplateNotFound';

export const Route = createFileRoute('/templates/$templateId/preview')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(templateQueryOptions(params.templateId));
    } catch (error) {
      // An unknown templateId is the not-found state, never a made-up template.
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
  const canEdit = useTemplateEditRule();
  return <TemplateDetailsPage templateId={templateId} canEdit={canEdit} renderCard={(template) => <TemplateCard template={template} lazy={false} previewPage="test" />} />;
}
