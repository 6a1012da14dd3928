import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { PaymentMethodsPage } from '@/features/billing/components/PaymentMethodsPage';

export const Route = createFileRoute('/payment-methods')({
  beforeLoad: requireLogin,
  component: PaymentMethodsPage,
});
