import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { validateRootSearch } from '@/lib/search';
import { AppShell } from '@/components/shell/AppShell';
import { plansQueryOptions } from '@/features/plans/api/get-plans';

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: validateRootSearch,
  // Spec section 4: plans are always loaded at startup. Not awaited, so no page waits for them.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(plansQueryOptions());
  },
  component: AppShell,
});
