import { PageLayout } from '@/components/PageLayout';

export function PasswordResetPage() {
  return <PageLayout title="Reset your password" lead="Choose a new password using the link from your reset email." />;
}
