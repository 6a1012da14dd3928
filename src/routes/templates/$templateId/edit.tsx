import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { EditTemplatePage } from '@/features/templates/components/EditTemplatePage';

export const Route = createFileRoute('/templates/$templateId/edit')({
  beforeLoad: requireLogin,
  component: RouteComponent,
});

function RouteComponent() {
  const { templateId } = Route.useParams();
  return <EditTemplatePage templateId={templateId} />;
}
