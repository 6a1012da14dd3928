/** Every bills query lives under ['billings', ...]: a payment refreshes them in one call. */
export const billingKeys = {
  all: ['billings'] as const,
  list: () => ['billings', 'list'] as const,
};
