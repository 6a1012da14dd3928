import { createFileRoute } from '@tanstack/react-router';
import { PaymentMethodsPage } from '@/features/billing/components/PaymentMethodsPage';

export const Route = createFileRoute('/_authed/payment-methods')({
  component: PaymentMethodsPage,
});
