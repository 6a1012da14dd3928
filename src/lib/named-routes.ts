import type { FileRouteTypes } from '@/routeTree.gen';

/** The named routes the spec's navigation refers to (spec section 2), typed against the route tree. */
export const NAMED_ROUTES = {
  MyAppsList: '/apps',
  Billing: '/billing',
  PaymentMethods: '/payment-methods',
  CreateTemplate: '/templates/create-template',
  /** The '+ New App' button. */
  ShopSetupPage: '/new-app/setup',
} as const satisfies Record<string, FileRouteTypes['to']>;
