import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ApiError } from '@/api/client';
import { PageLayout } from '@/components/PageLayout';
import { QueryErrorState } from '@/components/QueryErrorState';
import { TemplateCard, useTemplateEditRule } from '@/components/shell/TemplateCard';
import { templateQueryOptions } from '@/features/templates/api/get-template';
import { TemplateDetailsPage } from '@/features/templates/components/TemplateDetailsPage';
import { PreviewNotFound } from '@/features/preview/components/PreviewNotFound';

export const Route = createFileRoute('/templates/$templateId/preview')({
  // The loader (and the query modules it imports) loads with the route, not in the homepage's initial JS.
  codeSplitGroupings: [['loader'], ['component']],
  // A failed load is the page's own state (an unknown templateId: not found), not the route's.
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(templateQueryOptions(params.templateId)).then(
      () => undefined,
      () => undefined,
    ),
  component: RouteComponent,
});

function RouteComponent() {
  const { templateId } = Route.useParams();
  const canEdit = useTemplateEditRule();
  const template = useQuery(templateQueryOptions(templateId));
  if (template.error instanceof ApiError && template.error.status === 404) return <PreviewNotFound templateId={templateId} />;
  if (template.isError)
    return (
      <PageLayout title="Template preview">
        <QueryErrorState message={template.error.message} onRetry={() => void template.refetch()} />
      </PageLayout>
    );
  if (!template.data) return null;
  return (
    <TemplateDetailsPage template={template.data} canEdit={canEdit} renderCard={(shown) => <TemplateCard template={shown} lazy={false} previewPage="test" />} />
  );
}
