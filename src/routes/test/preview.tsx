import { createFileRoute } from '@tanstack/react-router';
import { TestPreviewPage } from '@/features/preview/components/TestPreviewPage';

export const Route = createFileRoute('/test/preview')({
  component: TestPreviewPage,
});
