import { createFileRoute } from '@tanstack/react-router';
import { EmailVerifyPage } from '@/features/auth/components/EmailVerifyPage';

export const Route = createFileRoute('/email/verify')({
  component: EmailVerifyPage,
});
