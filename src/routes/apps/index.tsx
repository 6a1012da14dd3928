import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { MyAppsPage } from '@/features/apps/components/MyAppsPage';

export const Route = createFileRoute('/apps/')({
  beforeLoad: requireLogin,
  component: MyAppsPage,
});
