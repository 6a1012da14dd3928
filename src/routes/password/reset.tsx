import { createFileRoute } from '@tanstack/react-router';
import { validateTokenSearch } from '@/features/auth/token-search';
import { PasswordResetPage } from '@/features/auth/components/PasswordResetPage';

export const Route = createFileRoute('/password/reset')({
  validateSearch: validateTokenSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <PasswordResetPage token={token} />;
}
