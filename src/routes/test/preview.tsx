import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { validatePreviewSearch } from '@/features/preview/preview-search';
import { TestPreviewPage } from '@/features/preview/components/TestPreviewPage';

// The live preview (a QR code's link) carries the realtime client: its own chunk.
const LivePreviewPage = lazy(() => import('@/components/shell/LivePreviewPage'));

export const Route = createFileRoute('/test/preview')({
  validateSearch: validatePreviewSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { templateId, page, t, v, p } = Route.useSearch();
  if (t)
    return (
      <Suspense fallback={null}>
        <LivePreviewPage alias={t} version={v ?? 0} page={page} previewKey={p} />
      </Suspense>
    );
  return <TestPreviewPage templateId={templateId} page={page} />;
}
