import { PageLayout } from '@/components/PageLayout';

export function AccountPage() {
  return <PageLayout title="Your account" lead="Your profile, contact details and available credit." />;
}
