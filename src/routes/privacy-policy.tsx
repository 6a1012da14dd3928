import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '@/features/info/components/PrivacyPolicyPage';

export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPolicyPage,
});
