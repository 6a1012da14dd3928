import { createFileRoute, redirect } from '@tanstack/react-router';
import { NAMED_ROUTES } from '@/lib/named-routes';

// Spec section 2: /new-app redirects to the shop setup page.
export const Route = createFileRoute('/new-app/')({
  beforeLoad: () => {
    throw redirect({ to: NAMED_ROUTES.ShopSetupPage, replace: true });
  },
});
