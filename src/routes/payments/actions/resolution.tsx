import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { PaymentResolutionPage } from '@/features/payments/components/PaymentResolutionPage';

export const Route = createFileRoute('/payments/actions/resolution')({
  beforeLoad: requireLogin,
  component: PaymentResolutionPage,
});
