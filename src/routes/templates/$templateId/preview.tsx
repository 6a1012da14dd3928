import { createFileRoute } from '@tanstack/react-router';
import { previewUrl } from '@/features/design/preview-url';
import { TemplatePreviewPage } from '@/features/preview/components/TemplatePreviewPage';

export const Route = createFileRoute('/templates/$templateId/preview')({
  component: RouteComponent,
});

function RouteComponent() {
  const { templateId } = Route.useParams();
  return <TemplatePreviewPage templateId={templateId} liveTestUrl={(target) => previewUrl(window.location.origin, target)} />;
}
