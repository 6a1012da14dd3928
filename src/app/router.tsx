import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/NotFoundPage';
import { routeTree } from '@/routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * One router per app (tests pass a memory history). `prerender`: the build renders a public page
 * with the browser's code paths (src/prerender/render.tsx), so the HTML matches what the client
 * hydrates; there is no window to restore scroll positions in.
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory, prerender = false) {
  let firstRender = true;
  return createRouter({
    routeTree,
    history,
    ...(prerender ? { isServer: false, origin: 'http://localhost' } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // TanStack Query owns caching: loaders always run and ensureQueryData decides to fetch.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 150,
    // A prerendered page's scripts arrive after its first paint: a visitor who has already
    // scrolled by the first render keeps the position instead of being sent back to the top.
    scrollRestoration: prerender
      ? false
      : () => {
          const keep = firstRender && typeof window !== 'undefined' && window.scrollY > 0;
          firstRender = false;
          return !keep;
        },
    defaultNotFoundComponent: NotFoundPage,
    // Loaded when needed: not part of a page's first screen (nor of the initial JS).
    defaultErrorComponent: lazyRouteComponent(() => import('@/components/RouteErrorPage'), 'RouteErrorPage'),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
