import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { PaymentsPage } from '@/features/payments/components/PaymentsPage';

export const Route = createFileRoute('/payments/')({
  beforeLoad: requireLogin,
  component: PaymentsPage,
});
