import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { BillingPage } from '@/features/billing/components/BillingPage';

export const Route = createFileRoute('/billing')({
  beforeLoad: requireLogin,
  component: BillingPage,
});
