import { createFileRoute } from '@tanstack/react-router';
import { validateTokenSearch } from '@/features/auth/token-search';
import { EmailVerifyPage } from '@/features/auth/components/EmailVerifyPage';

export const Route = createFileRoute('/email/verify')({
  validateSearch: validateTokenSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <EmailVerifyPage token={token} />;
}
