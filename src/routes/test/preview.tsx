import { createFileRoute } from '@tanstack/react-router';
import { validatePreviewSearch } from '@/features/preview/preview-search';
import { TestPreviewPage } from '@/features/preview/components/TestPreviewPage';

export const Route = createFileRoute('/test/preview')({
  validateSearch: validatePreviewSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { templateId, page } = Route.useSearch();
  return <TestPreviewPage templateId={templateId} page={page} />;
}
