import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '@/features/auth/components/PasswordResetPage';

export const Route = createFileRoute('/password/reset')({
  component: PasswordResetPage,
});
