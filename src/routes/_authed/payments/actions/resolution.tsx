import { createFileRoute } from '@tanstack/react-router';
import { PaymentResolutionPage } from '@/features/payments/components/PaymentResolutionPage';

export const Route = createFileRoute('/_authed/payments/actions/resolution')({
  component: PaymentResolutionPage,
});
