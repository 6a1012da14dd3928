import { createFileRoute } from '@tanstack/react-router';
import { tokenSearchSchema } from '@/features/auth/token-search';
import { PasswordResetPage } from '@/features/auth/components/PasswordResetPage';

export const Route = createFileRoute('/password/reset')({
  validateSearch: tokenSearchSchema,
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useSearch();
  return <PasswordResetPage token={token} />;
}
