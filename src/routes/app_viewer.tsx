import { createFileRoute } from '@tanstack/react-router';
import { AppViewerPage } from '@/features/design/editor/AppViewerPage';

export const Route = createFileRoute('/app_viewer')({
  component: AppViewerPage,
});
