import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '@/features/auth/require-login';
import { AccountPage } from '@/features/auth/components/AccountPage';

export const Route = createFileRoute('/account')({
  beforeLoad: requireLogin,
  component: AccountPage,
});
