import { createFileRoute } from '@tanstack/react-router';
import { MyAppsPage } from '@/features/apps/components/MyAppsPage';

export const Route = createFileRoute('/_authed/apps/')({
  component: MyAppsPage,
});
