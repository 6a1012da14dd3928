import { createFileRoute } from '@tanstack/react-router';
import { validateTokenSearch } from '@/features/sign-in/token-search';
import { EmailVerifyPage } from '@/features/sign-in/components/EmailVerifyPage';

export const Route = createFileRoute('/email/verify')({
  validateSearch: validateTokenSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <EmailVerifyPage token={token} />;
}
