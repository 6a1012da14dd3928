import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { NotificationsPage } from '@/features/notifications/components/NotificationsPage';

export const Route = createFileRoute('/notifications')({
  beforeLoad: requireLogin,
  component: NotificationsPage,
});
