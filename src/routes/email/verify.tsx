import { createFileRoute } from '@tanstack/react-router';
import { tokenSearchSchema } from '@/features/auth/token-search';
import { EmailVerifyPage } from '@/features/auth/components/EmailVerifyPage';

export const Route = createFileRoute('/email/verify')({
  validateSearch: tokenSearchSchema,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <EmailVerifyPage token={token} />;
}
