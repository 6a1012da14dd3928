import { createFileRoute } from '@tanstack/react-router';
import { validateTokenSearch } from '@/features/sign-in/token-search';
import { PasswordResetPage } from '@/features/sign-in/components/PasswordResetPage';

export const Route = createFileRoute('/password/reset')({
  validateSearch: validateTokenSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <PasswordResetPage token={token} />;
}
