/** Every query of /billing lives under ['billings', ...]: a payment refreshes them in one call. */
export const billingKeys = {
  all: ['billings'] as const,
  list: () => ['billings', 'list'] as const,
  /** The signed-in user's subscriptions of every app (one app's list is under shopKeys.subscriptions). */
  subscriptions: () => ['billings', 'subscriptions'] as const,
};
