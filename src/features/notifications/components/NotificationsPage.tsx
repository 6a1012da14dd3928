import { PageLayout } from '@/components/PageLayout';

export function NotificationsPage() {
  return <PageLayout title="Notifications" lead="Invitations, finished builds, releases and payment reminders, newest first." />;
}
