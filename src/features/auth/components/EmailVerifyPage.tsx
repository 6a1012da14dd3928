import { PageLayout } from '@/components/PageLayout';

export function EmailVerifyPage() {
  return <PageLayout title="Verify your email" lead="Confirm your email address with the link we sent you, so we can reach you about your apps." />;
}
