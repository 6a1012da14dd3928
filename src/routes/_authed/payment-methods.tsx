import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { ROLE } from '@contract/constants';
import { hasRole } from '@contract/users/roles';
import { authorizationsQueryOptions } from '@/features/payments/api/get-authorizations';
import { remoteConfigQueryOptions } from '@/features/payments/api/get-remote-config';
import { PaymentMethodsPage } from '@/features/payments/components/PaymentMethodsPage';
import { validateReturnSearch } from '@/features/payments/search';
import { ensureRouteData } from '@/lib/route-data';
import { useSession } from '@/lib/session/session';

export const Route = createFileRoute('/_authed/payment-methods')({
  validateSearch: validateReturnSearch,
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      ensureRouteData(queryClient, authorizationsQueryOptions(), { fresh: true }),
      // Add card goes through the remote provider: known before the button shows (the default if it fails).
      ensureRouteData(queryClient, remoteConfigQueryOptions()).catch(() => undefined),
    ]),
  component: PaymentMethodsRoute,
});

function PaymentMethodsRoute() {
  const { user } = useSession();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The return is handled once: the URL then forgets it, so a reload does not verify it again.
  const onReturnHandled = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <PaymentMethodsPage back={search} onReturnHandled={onReturnHandled} canChooseProvider={Boolean(user && hasRole(user, ROLE.SOVEREIGN))} />;
}
