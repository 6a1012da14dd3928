import { createFileRoute } from '@tanstack/react-router';
import { EditTemplatePage } from '@/features/templates/components/EditTemplatePage';

export const Route = createFileRoute('/_authed/templates/$templateId/edit')({
  component: RouteComponent,
});

function RouteComponent() {
  const { templateId } = Route.useParams();
  return <EditTemplatePage templateId={templateId} />;
}
